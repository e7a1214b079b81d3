#!/bin/bash
# usage: fs.sh NAME N [extra db_bench flags...]  -> callgrind run of fillseq on a fresh copy (destroyed by db_bench)
. /work/runs/rockw/exp/common.sh; [ -n "$BIN" ] && B=$BIN
name=$1; n=$2; shift 2
d=/work/runs/rockw/exp/${RUNDIR:-run-$name}
copydb /work/runs/rockw/exp/loaded $d
nice -n 10 valgrind --tool=callgrind --vgdb=no --log-file=/work/runs/rockw/exp/$name.vg --callgrind-out-file=/work/runs/rockw/exp/$name.cg $B $(common $d) --use_existing_db=0 --threads=1 --disable_wal=1 --histogram=1 --writes=$n --statistics=1 --stats_level=1 "$@" --benchmarks=fillseq,stats > /work/runs/rockw/exp/$name.out 2>&1
echo "rc=$?" >> /work/runs/rockw/exp/$name.out
rm -rf $d
