/** Installs missing Debian packages with apt-get (noninteractive; the package lists refreshed once per process). */
import { execa } from "execa";
import { childEnv } from "../trust/child-env.js";
import { PipelineError } from "../common/errors.js";
import { runStreamed } from "../build/run-streamed.js";

/** What building PostgreSQL from source and benchmarking it with pgbench and sysbench needs. */
export const POSTGRES_BENCH_PACKAGES = [
  "build-essential", "pkg-config", "bison", "flex", "ccache", "zlib1g-dev", "libreadline-dev", "libicu-dev",
  "git", "dpkg-dev", "postgresql-15", "sysbench",
  // the deterministic channel counts instructions under valgrind (src/measure/valgrind.ts)
  "valgrind",
];

/**
 * What building RocksDB's db_bench from source (make DEBUG_LEVEL=0 db_bench) and counting its
 * instructions needs: without libgflags-dev db_bench only prints "Please install gflags"; the
 * compression libraries are linked when their headers are found (the profiles use none, but a fork's
 * options may).
 */
export const ROCKSDB_BENCH_PACKAGES = [
  "build-essential", "ccache", "git", "dpkg-dev", "valgrind",
  "libgflags-dev", "libsnappy-dev", "liblz4-dev", "libzstd-dev", "zlib1g-dev", "libbz2-dev",
];

/**
 * What building MariaDB with the mariadb recipe and benchmarking it with sysbench's mysql driver
 * needs: the recipe takes OpenSSL, fmt and PCRE2 from the system (CMake would download the bundled
 * fmt and PCRE2), and InnoDB's asynchronous IO needs liburing or libaio (else it simulates it).
 */
export const MARIADB_BENCH_PACKAGES = [
  "build-essential", "pkg-config", "cmake", "bison", "ccache", "git", "dpkg-dev", "sysbench", "valgrind",
  "libncurses-dev", "libssl-dev", "zlib1g-dev", "libbz2-dev", "libpcre2-dev", "libfmt-dev", "liburing-dev", "libaio-dev",
];

/** The mariadb-myrocks recipe's: MariaDB's, and the compression libraries storage/rocksdb links (MyRocks' bottom level is LZ4). */
export const MYROCKS_BENCH_PACKAGES = [...MARIADB_BENCH_PACKAGES, "liblz4-dev", "libzstd-dev", "libsnappy-dev"];

/** The names among `packages` that dpkg does not report as installed. */
export async function missingDebianPackages(packages: string[]): Promise<string[]> {
  // Unknown names make dpkg-query exit 1 after listing the known ones: not an error here.
  const result = await execa("dpkg-query", ["-W", "-f", "${Package}\t${db:Status-Abbrev}\n", ...packages], {
    env: childEnv(process.env),
    extendEnv: false,
    reject: false,
  });
  if (result.exitCode !== 0 && result.exitCode !== 1) {
    throw new PipelineError("dpkg-query failed: is this a Debian-based system?", `${result.stderr}`.trim());
  }
  const installed = new Set(
    result.stdout
      .split("\n")
      .map((line) => line.split("\t"))
      .filter(([, status]) => status?.startsWith("ii"))
      .map(([name]) => name),
  );
  return packages.filter((name) => !installed.has(name));
}

let listsUpdated = false;

const APT_LOCK_WAIT_S = 300;
const APT_UPDATE_TIMEOUT_MS = (APT_LOCK_WAIT_S + 300) * 1000;
// a build toolchain from a slow mirror: tens of packages, hundreds of MB
const APT_INSTALL_TIMEOUT_MS = (APT_LOCK_WAIT_S + 1500) * 1000;

/**
 * Installs the packages of `packages` that are missing; returns those it installed. Needs root when
 * something is missing (the error lists what to install otherwise).
 */
export async function ensureDebianPackages(packages: string[], onLine?: (line: string) => void): Promise<string[]> {
  const missing = await missingDebianPackages(packages);
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) {
    throw new PipelineError(`missing Debian packages: ${missing.join(" ")}; install them as root (apt-get install ${missing.join(" ")})`);
  }
  // another job on the runner (or unattended-upgrades) may hold dpkg's lock: wait for it a while, not fail at once
  const aptGet = (args: string[], timeoutMs: number): Promise<void> =>
    runStreamed("apt-get", ["-o", `DPkg::Lock::Timeout=${APT_LOCK_WAIT_S}`, ...args], { env: { DEBIAN_FRONTEND: "noninteractive" }, onLine, timeoutMs });
  if (!listsUpdated) {
    await aptGet(["update", "-q"], APT_UPDATE_TIMEOUT_MS);
    listsUpdated = true;
  }
  // a conffile already there is kept: /etc/cron.deny and /etc/at.deny are written (trust/scheduled-jobs.ts) before cron or at may be installed
  await aptGet(["-o", "Dpkg::Options::=--force-confdef", "-o", "Dpkg::Options::=--force-confold", "install", "-y", "-q", "--no-install-recommends", ...missing], APT_INSTALL_TIMEOUT_MS);
  return missing;
}
