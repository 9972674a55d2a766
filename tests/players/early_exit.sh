#!/bin/sh
# Two bets, then it exits in the middle of the match.
echo 1000; read -r n
echo 1000; read -r n
exit 3
