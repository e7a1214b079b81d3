#!/bin/bash
# cgs.sh NAME BIN BENCH N : cachegrind (cache sim as the gate) of a counted run on the 100k-key load
. /work/runs/rockw/exp/common100k.sh
name=$1; bin=$2; bench=$3; n=$4
d=/work/runs/rockw/exp/run-$name
copydb /work/runs/rockw/exp/loaded100k $d
if [ $bench = fillseq ]; then a="--use_existing_db=0 --threads=1 --disable_wal=1 --histogram=1"; else a="--use_existing_db=1 --threads=1 --histogram=1"; fi
nice -n 10 valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64 --branch-sim=no --vgdb=no --log-file=/work/runs/rockw/exp/$name.vg --cachegrind-out-file=/work/runs/rockw/exp/$name.cgo $bin $(common $d) $a --statistics=1 --stats_level=1 --duration=0 --writes=$n --file_opening_threads=1 --stats_dump_period_sec=0 --stats_persist_period_sec=0 --benchmarks=$bench,stats > /work/runs/rockw/exp/$name.out 2>&1
rm -rf $d
