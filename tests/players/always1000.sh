#!/bin/sh
# Listing 1 in shell: 1000 yen every round of each of $1 matches (10 rounds).
k=0
while [ "$k" -lt "$1" ]; do
  j=0
  while [ "$j" -lt 10 ]; do
    echo 1000
    read -r n || exit 0
    j=$((j + 1))
  done
  k=$((k + 1))
done
