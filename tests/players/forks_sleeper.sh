#!/bin/sh
# Starts a child that sleeps forever, writes "its pid and the child's" to the
# file $1, then waits for the child: the referee must end both.
sleep 100000 &
echo "$$ $!" > "$1.tmp" && mv "$1.tmp" "$1"
wait
