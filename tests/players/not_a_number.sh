#!/bin/sh
# Two good bets, then a line that is not a number.
echo 1000; read -r n
echo 1000; read -r n
echo "a thousand"
read -r n
