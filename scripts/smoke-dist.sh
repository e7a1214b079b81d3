#!/usr/bin/env bash
# Smoke-runs the committed bundle the way users run it: the CLI with node, no node_modules needed.
set -euo pipefail
cd "$(dirname "$0")/.."
fixture=test/fixtures/results/x86_64-regression.json

node dist/cli.js --version
set +e
node dist/cli.js compare "$fixture" > /tmp/dbg-smoke.md; code=$?
set -e
[ "$code" = 1 ] || { echo "smoke: compare of a regressed fixture exited $code, expected 1"; exit 1; }
grep -q "db-bench-gate:profile=" /tmp/dbg-smoke.md || { echo "smoke: no comment marker in the report"; exit 1; }
set +e
node dist/cli.js compare /nonexistent.json 2> /tmp/dbg-smoke.err; code=$?
set -e
[ "$code" = 2 ] || { echo "smoke: a missing file exited $code, expected 2"; exit 1; }
rm -f /tmp/dbg-smoke.md /tmp/dbg-smoke.err
echo "smoke: dist/cli.js ok"

# The action entry loads and turns bad input into a failed step (exit 2), outside any runner.
set +e
out=$(env -i PATH="$PATH" HOME="$HOME" INPUT_MODE=report GITHUB_EVENT_NAME=push node dist/index.js 2>&1); code=$?
set -e
[ "$code" = 2 ] || { echo "smoke: dist/index.js exited $code, expected 2: $out"; exit 1; }
echo "$out" | grep -q "^::error::" || { echo "smoke: dist/index.js did not report an error annotation: $out"; exit 1; }
echo "smoke: dist/index.js ok"
