#!/bin/bash
# batch.sh PREFIX COUNT N [flags] : COUNT runs two at a time
p=$1; c=$2; n=$3; shift 3
for ((i=1;i<=c;i+=2)); do
  ${SCRIPT:-/work/runs/rockw/exp/cg.sh} $p$i $n "$@" & 
  if ((i+1<=c)); then ${SCRIPT:-/work/runs/rockw/exp/cg.sh} $p$((i+1)) $n "$@" & fi
  wait
done
