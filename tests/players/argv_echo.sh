#!/bin/sh
# Bets its argv[1] (the number of matches) in round 1 and the rest of
# YEN_TOTAL in round 2: a 2-round game shows what the referee passed.
k=0
while [ "$k" -lt "$1" ]; do
  echo "$1"; read -r n
  echo $((YEN_TOTAL - $1)); read -r n
  k=$((k + 1))
done
