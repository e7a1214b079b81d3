#!/usr/bin/env bash
# Two servers of one PostgreSQL build, pgbench -S -M prepared -c4 on each: is the A/A offset the gate's QPS
# channel showed (docs/verdict-quality.md) bound to a server, or to the other server being alive?
#   PG_BIN=<build>/install/bin SETUP=1 scripts/two-server-offset.sh   (as root; runs servers as postgres)
#   python3 scripts/two-server-offset-analyze.py two-server-offset.log
# Phases alternate: "both" (both servers up, ABBA rounds of 3-s samples), "solo" (only the measured
# server up: start, 1-s warm-up, 3-s sample, stop), "self" (both up, every slot measures server 1:
# the position effect alone). Server on CPU 0, pgbench on CPU 1, pg-quick settings.
set -euo pipefail
BIN=${PG_BIN:?PG_BIN: the bin directory of a PostgreSQL build}
W=${WORK_DIR:-/var/tmp/two-server-offset}; PHASES=${PHASES:-6}; ROUNDS=${ROUNDS:-12}; DUR=${DUR:-3}
LOG=${LOG:-two-server-offset.log}
as_pg() { runuser -u postgres -- "$@"; }
start() { as_pg taskset -c 0 $BIN/pg_ctl -D $W/d$1 -l $W/d$1.log -w start >/dev/null; }
stop() { as_pg $BIN/pg_ctl -D $W/d$1 -m fast -w stop >/dev/null; }
# prints the run's tps; pgbench's output that holds no tps line is an error, shown whole, never an empty sample
bench() {
  local out
  out=$(as_pg taskset -c 1 $BIN/pgbench -h /tmp -p 56$1$1 -S -M prepared -c4 -j2 -T $2 -n postgres 2>&1) || true
  awk '/^tps = [0-9.]+ / {print $3; found=1} END {exit !found}' <<<"$out" || { echo "pgbench on server $1 gave no tps:" >&2; echo "$out" >&2; return 1; }
}
cleanup() { for s in 1 2; do stop $s 2>/dev/null || true; done; }
trap cleanup EXIT INT TERM
if [ "${SETUP:-0}" = 1 ]; then
  rm -rf $W; mkdir -p $W; chown postgres $W
  for s in 1 2; do
    as_pg $BIN/initdb -D $W/d$s -U postgres >/dev/null
    cat >> $W/d$s/postgresql.conf <<CONF
port = 56$s$s
unix_socket_directories = '/tmp'
listen_addresses = ''
shared_buffers = 256MB
max_connections = 100
fsync = off
synchronous_commit = off
full_page_writes = off
max_wal_size = 4GB
checkpoint_timeout = 30min
autovacuum = off
CONF
    start $s; as_pg $BIN/pgbench -h /tmp -p 56$s$s -i -s 10 -q postgres >/dev/null 2>&1; stop $s
  done
fi
sample() { # phase round server
  local tps
  if [ "${1%%.*}" = solo ]; then start $3; bench $3 1 >/dev/null; tps=$(bench $3 $DUR); stop $3
  elif [ "${1%%.*}" = self ]; then tps=$(bench 1 $DUR)
  else tps=$(bench $3 $DUR); fi
  echo "$1 $2 $3 $tps $(cut -d' ' -f1 /proc/loadavg)" | tee -a $LOG
}
for p in $(seq 1 $PHASES); do
  case $((p % 3)) in 1) phase=both;; 2) phase=solo;; 0) phase=self;; esac
  if [ $phase != solo ]; then start 1; start 2; bench 1 2 >/dev/null; bench 2 2 >/dev/null; fi
  for r in $(seq 1 $ROUNDS); do
    if [ $((r % 2)) = 1 ]; then order="1 2 2 1"; else order="2 1 1 2"; fi
    for s in $order; do sample $phase.$p $r $s; done
  done
  if [ $phase != solo ]; then stop 1; stop 2; fi
done
