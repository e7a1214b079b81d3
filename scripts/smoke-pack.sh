#!/usr/bin/env bash
# The npm package as people install it: `npm pack`, then `npm install -g` of the tarball into a temp
# prefix and the installed `db-bench-gate` run from a clean directory (no checkout beside it): help,
# the profile list, init, and a compare of a results file. The bundle needs no dependencies at run
# time, so the install is offline and takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d /tmp/dbg-pack-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "smoke-pack: $*" >&2; exit 1; }

npm pack --silent --pack-destination "$work" > /dev/null
tarball=$(echo "$work"/db-bench-gate-*.tgz)
[ -f "$tarball" ] || fail "npm pack wrote no db-bench-gate-*.tgz"
tar -tzf "$tarball" | sed 's|^package/||' > "$work/contents"
for file in package.json LICENSE README.md dist/cli.js dist/index.js dist/post.js profiles/pg-quick.yaml recipes/postgresql.yaml \
  lua/sbtest-load.lua lua/sbtest-micro.lua schema/results.v1.json schema/config.v1.json docs/examples/pr.yml docs/examples/main-baseline.yml; do
  grep -qxF "$file" "$work/contents" || fail "$file is not in the package"
done
if grep -E '^(src|test|scripts|node_modules|verdict-quality)/' "$work/contents"; then fail "the package carries the files above, which only a checkout needs"; fi
echo "package: $(wc -l < "$work/contents") files, $(du -k "$tarball" | cut -f1) KB packed"

npm install --global --prefix "$work/global" --no-audit --no-fund --loglevel=error "$tarball"
export PATH="$work/global/bin:$PATH"
mkdir "$work/clean" && cd "$work/clean"
[ "$(command -v db-bench-gate)" = "$work/global/bin/db-bench-gate" ] || fail "the bin is not db-bench-gate from the package"
db-bench-gate --version
# whole outputs first: grep -q closing the pipe early would make the CLI's write fail (EPIPE) under pipefail
help=$(db-bench-gate demo --help)
grep -q -- "--engine" <<< "$help" || fail "demo --help does not show --engine"
profiles=$(db-bench-gate profiles)
grep -q "pg-quick" <<< "$profiles" || fail "profiles does not list pg-quick"
db-bench-gate init --engine postgresql --dir repo > /dev/null
[ -f repo/.github/workflows/perf.yml ] && [ -f repo/.db-bench-gate.yml ] || fail "init did not write the workflow and the config file"
cp "$repo/test/fixtures/results/x86_64-regression.json" results.json
set +e
db-bench-gate compare results.json --config repo/.db-bench-gate.yml --format text > report.txt
code=$?
set -e
[ "$code" = 1 ] || fail "compare of a regressed results file exited $code, expected 1"
head -1 report.txt
echo "smoke-pack: the installed package ran help, profiles, init and compare"
