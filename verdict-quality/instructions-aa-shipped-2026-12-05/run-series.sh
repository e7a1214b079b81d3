#!/usr/bin/env bash
# Instruction-only A/A runs of a shipped quick profile under its shipped rules (estimated cycles
# judged), base against base, niced, under their own user prefix (DBG_USER_PREFIX, default dbgsaa;
# one per series run at the same time), from /work/main:
#   bash verdict-quality/instructions-aa-shipped-2026-12-05/run-series.sh PROFILE REPO FIRST LAST [TAG]
# TAG names a series of the same profile with other code (the files: PROFILE-TAG-NN.json).
# DBG_CACHE_DIR: another --cache-dir (where that fork's builds are cached).
set -u
profile=$1 repo=$2 first=$3 last=$4 tag=${5:+-$5}
dir=verdict-quality/instructions-aa-shipped-2026-12-05
for n in $(seq "$first" "$last"); do
  file="$dir/$profile$tag-$(printf %02d "$n").json"
  DBG_USER_PREFIX=${DBG_USER_PREFIX:-dbgsaa} nice -n 19 node dist/cli.js run --repo "$repo" --base base --head base --trusted \
    --instructions-only --profile "$profile" ${DBG_CACHE_DIR:+--cache-dir "$DBG_CACHE_DIR"} --results "$file" --out /dev/null
  echo "$profile run $n: exit $? at $(date -u +%H:%M)"
  rm -rf "${file%.json}.functions"
done
