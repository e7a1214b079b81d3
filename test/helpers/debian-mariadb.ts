/**
 * Debian 12's own MariaDB server, clients and MyRocks plugin as a "build" for the engine tests that CI
 * can afford on every run (a second from-source MariaDB build does not fit its budget, issue #12): the
 * packages are downloaded (`apt-get download`) and unpacked (`dpkg -x`) into the cache, never
 * installed, so no postinst starts a system mariadb on port 3306; their runtime libraries are
 * installed with apt-get like every other package the tests need. The unpacked /usr is then laid out
 * with symlinks as the mariadb recipe's prefix, which is what the engine runs:
 *   bin/       Debian's /usr/bin plus mariadbd (Debian's is in /usr/sbin)
 *   sbin/      where mariadb-install-db --basedir looks for mariadbd
 *   scripts/   mariadb-install-db
 *   lib/       plugin/ and mysql/plugin/: Debian's /usr/lib/mysql/plugin (ha_rocksdb.so), where the
 *              server (--plugin-dir) and Debian's mariadb-install-db (--basedir) look for it
 *   share/     Debian's /usr/share: mysql/ for mariadb-install-db and the server's charsets, and each
 *              language's errmsg.sys directory, where --lc-messages-dir=<prefix>/share looks
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import type { BuildResult } from "../../src/build/build.js";
import { runStreamed } from "../../src/build/run-streamed.js";
import { childEnv } from "../../src/trust/child-env.js";
import { ensureDebianPackages } from "../../src/setup/debian-packages.js";

/** Downloaded and unpacked, not installed. */
export const DEBIAN_MARIADB_PACKAGES = ["mariadb-server-core", "mariadb-client-core", "mariadb-client", "mariadb-plugin-rocksdb"];
/** Their runtime libraries (the packages' Depends that are libraries), installed. */
export const DEBIAN_MARIADB_LIBRARIES = [
  "libaio1", "libnuma1", "libpcre2-8-0", "libssl3", "liburing2", "libmariadb3", "libedit2", "libncurses6",
  "liblz4-1", "libsnappy1v5", "libzstd1", "zlib1g",
];

const STEP_TIMEOUT_MS = 300_000;
const COMPLETE_MARKER = ".complete";

/** The candidate version apt would install, e.g. "1:10.11.19-0+deb12u1". */
async function candidateVersion(pkg: string): Promise<string> {
  const show = await execa("apt-cache", ["show", "--no-all-versions", pkg], { env: childEnv(process.env), extendEnv: false, timeout: 60_000 });
  const version = /^Version: (\S+)$/m.exec(show.stdout)?.[1];
  if (!version) throw new Error(`apt-cache show ${pkg} names no version:\n${show.stdout}`);
  return version;
}

/** The prefix's bin dir under <cacheDir>/debian-mariadb/<version>, made on first use. */
export async function debianMariadbBinDir(cacheDir: string, onLine?: (line: string) => void): Promise<string> {
  await ensureDebianPackages(DEBIAN_MARIADB_LIBRARIES, onLine);
  const version = await candidateVersion(DEBIAN_MARIADB_PACKAGES[0]!);
  const root = path.join(cacheDir, "debian-mariadb", version.replace(/^\d+:/, ""));
  const prefix = path.join(root, "prefix");
  if (existsSync(path.join(root, COMPLETE_MARKER))) return path.join(prefix, "bin");

  await rm(root, { recursive: true, force: true });
  const download = path.join(root, "download");
  const usr = path.join(root, "unpacked", "usr");
  await mkdir(download, { recursive: true });
  await runStreamed("apt-get", ["-q", "download", ...DEBIAN_MARIADB_PACKAGES.map((pkg) => `${pkg}=${version}`)], { cwd: download, onLine, timeoutMs: STEP_TIMEOUT_MS });
  for (const deb of await readdir(download)) {
    await runStreamed("dpkg", ["-x", path.join(download, deb), path.join(root, "unpacked")], { onLine, timeoutMs: STEP_TIMEOUT_MS });
  }

  for (const dir of ["bin", "sbin", "scripts", "lib", "share"]) await mkdir(path.join(prefix, dir), { recursive: true });
  for (const program of await readdir(path.join(usr, "bin"))) await symlink(path.join(usr, "bin", program), path.join(prefix, "bin", program));
  for (const dir of ["bin", "sbin"]) await symlink(path.join(usr, "sbin", "mariadbd"), path.join(prefix, dir, "mariadbd"));
  await symlink(path.join(usr, "bin", "mariadb-install-db"), path.join(prefix, "scripts", "mariadb-install-db"));
  // lib/plugin for the server (--plugin-dir), lib/mysql for Debian's mariadb-install-db (<basedir>/lib/mysql/plugin)
  await symlink(path.join(usr, "lib", "mysql", "plugin"), path.join(prefix, "lib", "plugin"));
  await symlink(path.join(usr, "lib", "mysql"), path.join(prefix, "lib", "mysql"));
  const share = path.join(usr, "share", "mysql");
  await symlink(share, path.join(prefix, "share", "mysql"));
  for (const entry of await readdir(share, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(share, entry.name, "errmsg.sys"))) await symlink(path.join(share, entry.name), path.join(prefix, "share", entry.name));
  }
  await writeFile(path.join(root, COMPLETE_MARKER), `${version}\n`);
  return path.join(prefix, "bin");
}

/** Debian's prefix as the "build" of `commit` (`version`: the server's, from the engine), for a pipeline run whose ports.build returns it. */
export function debianBuild(binDir: string, version: string, commit: string): BuildResult {
  return {
    commit, buildId: `debian-${version}`, dir: path.dirname(path.dirname(binDir)), prefix: path.dirname(binDir), binDir,
    flags: { cflags: "", cxxflags: "", ldflags: "", configure_args: [] }, compiler: { name: "gcc", version: "debian" },
    reused: true, logFile: "", ccache: null, timings: { configure: null, make: null, install: null, total: 0 },
  };
}
