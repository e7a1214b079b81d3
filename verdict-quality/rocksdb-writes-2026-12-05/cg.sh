#!/bin/bash
# usage: cg.sh NAME N [extra db_bench flags...]  -> callgrind run of overwrite on a fresh copy
. /work/runs/rockw/exp/common.sh; [ -n "$BIN" ] && B=$BIN
name=$1; n=$2; shift 2
d=/work/runs/rockw/exp/${RUNDIR:-run-$name}
copydb /work/runs/rockw/exp/loaded $d
nice -n 10 valgrind --tool=callgrind --vgdb=no --log-file=/work/runs/rockw/exp/$name.vg --callgrind-out-file=/work/runs/rockw/exp/$name.cg $B $(common $d) --use_existing_db=1 --threads=1 --histogram=1 --statistics=1 --stats_level=1 --duration=0 --writes=$n "$@" --benchmarks=overwrite,stats > /work/runs/rockw/exp/$name.out 2>&1
echo "rc=$?" >> /work/runs/rockw/exp/$name.out
rm -rf $d
