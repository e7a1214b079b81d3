#!/usr/bin/env bash
# Five independent A/A runs of this directory's profile on the PostgreSQL demo fork (base against
# base), instruction-only, niced, under their own user prefix: bash run-series.sh (from /work/main).
set -u
dir=verdict-quality/own-workload-sysbench-aa-pg-2026-12-05
for n in 1 2 3 4 5; do
  DBG_USER_PREFIX=dbgpgaa nice -n 19 node dist/cli.js run --repo /var/cache/db-bench-gate/pg-fork/postgresql-15 \
    --base base --head base --trusted --instructions-only --profile "$dir/profile.yaml" --results "$dir/aa$n.json" --out /dev/null
  echo "run $n: exit $?"
  rm -rf "$dir/aa$n.functions"
done
