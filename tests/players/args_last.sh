#!/bin/sh
# Run as `cmd:sh args_last.sh x y`: the referee appends the match count
# after the command's own words, so it gets "x y N". It bets its number of
# arguments in round 1 and the rest of YEN_TOTAL in round 2, for as many
# matches as its last argument says.
eval "last=\${$#}"
k=0
while [ "$k" -lt "$last" ]; do
  echo "$#"; read -r n
  echo $((YEN_TOTAL - $#)); read -r n
  k=$((k + 1))
done
