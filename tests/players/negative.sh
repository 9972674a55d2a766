#!/bin/sh
# A negative bet in round 1.
echo -5
read -r n
