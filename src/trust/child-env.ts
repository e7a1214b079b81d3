/**
 * The environment given to subprocesses that run PR code (builds, servers, benchmarks). PR code is
 * untrusted: it must never see GitHub tokens, the runner's internal service credentials or anything
 * that looks like a secret, so the environment is built from an allow-list, not a deny-list.
 */

/** Set by the action to its job's id: every process it starts carries it (see src/trust/processes.ts). */
export const JOB_MARKER = "DB_BENCH_GATE_JOB";

/** Variables a build or benchmark legitimately needs from the caller's environment. */
const ALLOWED = new Set([
  "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TERM", "TMPDIR",
  "CC", "CXX", "CPP", "LD", "AR", "NM", "RANLIB", "MAKE", "MAKEFLAGS",
  "PKG_CONFIG_PATH", "LD_LIBRARY_PATH", "LIBRARY_PATH", "CPATH",
  "CCACHE_DIR", "CCACHE_MAXSIZE", "CCACHE_DISABLE", "CCACHE_BASEDIR", "CCACHE_NOHASHDIR",
  "RUNNER_ARCH", "RUNNER_OS", "RUNNER_TEMP", "CI",
  // how the runner finds a job's orphans, and how the post step finds this job's: both mark every child
  "RUNNER_TRACKING_ID", JOB_MARKER,
]);
const ALLOWED_PREFIXES = ["LC_"];
/** Never passed, even when an allowed name or an explicit extra would let it through. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_KEY|API_KEY|^ACTIONS_|^INPUT_|^GITHUB_|^GH_|^AWS_|^AZURE_|^GOOGLE_|^NPM_CONFIG_/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * @param source the caller's environment (process.env)
 * @param extra variables the tool sets on purpose (CFLAGS, PGPORT, ...); secret-looking names are dropped
 */
export function childEnv(source: NodeJS.ProcessEnv, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || isSecretName(name)) continue;
    if (ALLOWED.has(name) || ALLOWED_PREFIXES.some((p) => name.startsWith(p))) env[name] = value;
  }
  for (const [name, value] of Object.entries(extra)) {
    if (!isSecretName(name)) env[name] = value;
  }
  return env;
}
