#!/bin/sh
# One bet, then it thinks for far longer than any timeout. The sleep is a
# child of the shell: the referee must kill the whole process group.
echo 1000; read -r n
sleep 30
echo 1000
