#!/bin/sh
# Prints digits forever without a newline.
while :; do printf 1111111111111111; done
