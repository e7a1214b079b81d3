#!/bin/bash
# inside the arm64 tree, as root: PostgreSQL 17 (Debian's) under callgrind with several toggle schemes;
# per scheme: pgbench select-only prepared c1, runs of N and 2N transactions, the backend's count each.
set -u
PG=${PG:-/usr/lib/postgresql/17/bin}
N=${N:-200}
work=${WORK:-/var/tmp/pgc}
if [ -z "${KEEP:-}" ]; then
rm -rf $work; mkdir -p $work; chown postgres $work
su postgres -c "$PG/initdb -D $work/data -A trust -U postgres >/dev/null" || exit 1
cat >> $work/data/postgresql.conf <<CONF
listen_addresses = ''
unix_socket_directories = '$work'
shared_buffers = 32MB
fsync = off
synchronous_commit = off
autovacuum = off
max_worker_processes = 0
CONF
# the load without valgrind: a plain server, stopped before the counted ones start
su postgres -c "$PG/pg_ctl -D $work/data -l $work/log-load -w -t 600 start" > /dev/null || exit 1
su postgres -c "$PG/pgbench -i -q -s 1 -h $work postgres" > /dev/null 2>&1 || { echo "load failed"; exit 1; }
su postgres -c "$PG/pg_ctl -D $work/data -m fast stop -w -t 300" > /dev/null
fi
total() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }
for scheme in "$@"; do
  case $scheme in
    gate) opts="--collect-atstart=no --toggle-collect=PostgresMain --toggle-collect=ParallelWorkerMain --toggle-collect=secure_read --toggle-collect=secure_write";;
    atstart) opts="--collect-atstart=yes --toggle-collect=secure_read --toggle-collect=secure_write";;
    whole) opts="--collect-atstart=yes";;
    # the gate's on aarch64 (postgres-counting.ts backendCounting): whole, a forked child's inherited costs dropped
    wholezero) opts="--collect-atstart=yes --zero-before=InitPostmasterChild";;
    mainonly) opts="--collect-atstart=no --toggle-collect=PostgresMain";;
    *) echo "unknown $scheme"; exit 2;;
  esac
  out=$work/cg-$scheme; rm -rf $out; mkdir -p $out; chown postgres $out
  t0=$(date +%s)
  su postgres -c "valgrind --tool=callgrind $opts --vgdb=no --callgrind-out-file=$out/cg.%p $PG/postgres -D $work/data > $work/log-$scheme 2>&1 &"
  for i in $(seq 1 900); do grep -q "ready to accept connections" $work/log-$scheme && break; sleep 1; done
  echo "$scheme: server up after $(( $(date +%s) - t0 )) s"
  for n in $N $((2*N)) $N $((2*N)); do
    before=$(ls $out)
    t1=$(date +%s)
    su postgres -c "$PG/pgbench -n -S -M prepared -c 1 -t $n -h $work postgres" > /dev/null 2>&1 || echo "pgbench failed"
    # pgbench opens two sessions (its setup's and the client's): each backend writes its count when it exits
    for i in $(seq 1 300); do new=$(comm -13 <(echo "$before") <(ls $out)); [ "$(echo "$new" | wc -w)" -ge 2 ] && [ -z "$(for f in $new; do [ -n "$(total $out/$f)" ] || echo x; done)" ] && break; sleep 1; done
    echo "$scheme n=$n: $(for f in $new; do echo -n "$f $(total $out/$f) "; done)in $(( $(date +%s) - t1 )) s"
  done
  su postgres -c "$PG/pg_ctl -D $work/data -m fast stop -w -t 300" > /dev/null
done
