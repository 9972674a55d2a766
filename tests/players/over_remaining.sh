#!/bin/sh
# 9000 in round 1, then 2000 with only 1000 left.
echo 9000; read -r n
echo 2000; read -r n
