#!/bin/sh
# 1000 in rounds 1-9, then 999 where the remainder is 1000.
j=0
while [ "$j" -lt 9 ]; do echo 1000; read -r n; j=$((j + 1)); done
echo 999
read -r n
