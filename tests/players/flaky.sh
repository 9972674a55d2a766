#!/bin/sh
# Breaks the rules in its first match when started for an odd number of
# matches, plays like always1000 otherwise: started for 3, restarted for 2.
if [ $(($1 % 2)) -eq 1 ]; then
  echo oops
  read -r n
  exit 0
fi
exec sh "$(dirname "$0")/always1000.sh" "$1"
