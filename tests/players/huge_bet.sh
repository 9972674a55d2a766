#!/bin/sh
# One good bet, then a 38-digit number: more than a u64 holds.
echo 1000; read -r n
echo 12345678901234567890123456789012345678
read -r n
