#!/bin/sh
# always1000 that exits right after its very last bet, without reading the
# opponent's last bet: the referee's last line to it may meet a closed pipe.
k=0
while [ "$k" -lt "$1" ]; do
  j=0
  while [ "$j" -lt 10 ]; do
    echo 1000
    k1=$((k + 1)); j1=$((j + 1))
    if [ "$k1" -eq "$1" ] && [ "$j1" -eq 10 ]; then exit 0; fi
    read -r n || exit 0
    j=$j1
  done
  k=$((k + 1))
done
