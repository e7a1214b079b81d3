/**
 * A git repo that builds like PostgreSQL's recipe expects (./configure --prefix, make, make install
 * DESTDIR=..., bin/postgres) in a second, standing in for a fork when what is tested is how the fork's
 * code is run, not what it builds:
 *   base     configure writes config.mk; make compiles one C file (through ccache when the build uses it)
 *   hostile  base + a configure that looks for secrets the way an attacker would, logs what it found, fails
 *   hang     base + a configure that never ends
 *   planter  base + another hello.c (a ccache miss everywhere) + a configure that writes a file into every
 *            ccache it can find (its own, every pull request namespace's, the trusted ones), says where
 *            it could, and builds on
 * and, made on demand, base + a `make install` that runs more shell lines (commitHostileInstall), or a
 * configure that poisons its ccache (commitCcachePoisoner).
 */
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { childEnv } from "../../src/trust/child-env.js";

export interface TinyEngineRepo {
  path: string;
  base: string;
  hostile: string;
  hang: string;
  planter: string;
}

/** Printed by the hostile configure before each part of what it found. */
export const HOSTILE_SECTIONS = ["== id", "== own environment", "== /proc/*/environ", "== git config -l", "== event file"] as const;

const BASE_CONFIGURE = `#!/bin/sh
for arg; do case $arg in --prefix=*) prefix=\${arg#--prefix=};; esac; done
printf 'PREFIX=%s\\nCC=%s\\n' "$prefix" "\${CC:-cc}" > config.mk
echo configured
`;

const MAKEFILE = `include config.mk
all: hello.o
hello.o: hello.c
\t$(CC) -c hello.c -o hello.o
install: all
\tmkdir -p $(DESTDIR)$(PREFIX)/bin
\tprintf '#!/bin/sh\\necho "postgres (PostgreSQL) 15.0"\\n' > $(DESTDIR)$(PREFIX)/bin/postgres
\tchmod 755 $(DESTDIR)$(PREFIX)/bin/postgres
`;

const HELLO = "int hello(void) { return 42; }\n";

/** Every place a build could find a secret, as an attacker's configure would look. */
const HOSTILE_CONFIGURE = `#!/bin/sh
echo "== id"; id
echo "== own environment"; env
echo "== /proc/*/environ"
readable=0
for f in /proc/[0-9]*/environ; do
  if content=$(tr '\\0' '\\n' < "$f" 2>/dev/null) && [ -n "$content" ]; then
    readable=$((readable + 1)); echo "--- $f"; echo "$content"
  fi
done
echo "readable environ files: $readable"
echo "== git config -l"; git config -l 2>&1
echo "== event file"; cat "$GITHUB_EVENT_PATH" "$RUNNER_TEMP/_github_workflow/event.json" 2>&1
exit 1
`;

const HANG_CONFIGURE = `#!/bin/sh
echo "configure: waiting forever"
sleep 600
`;

/** CCACHE_DIR is <cache-dir>/prs/<namespace>/ccache/dir: the cache dir is four levels up. */
const PLANTER_CONFIGURE = `${BASE_CONFIGURE.replace("echo configured\n", "")}cache=$(cd "$CCACHE_DIR/../../../.." && pwd)
for dir in "$CCACHE_DIR" $(for ns in "$cache"/prs/*; do echo "$ns/ccache/dir"; done) "$cache/ccache" "$cache/ccache-shared"; do
  if (echo planted > "$dir/planted") 2>/dev/null; then echo "planted in $dir"; else echo "could not plant in $dir"; fi
done
echo configured
`;

const COMMIT_ENV = {
  GIT_AUTHOR_NAME: "tiny engine",
  GIT_AUTHOR_EMAIL: "tiny@db-bench-gate.invalid",
  GIT_AUTHOR_DATE: "2024-01-01T00:00:00Z",
  GIT_COMMITTER_NAME: "tiny engine",
  GIT_COMMITTER_EMAIL: "tiny@db-bench-gate.invalid",
  GIT_COMMITTER_DATE: "2024-01-01T00:00:00Z",
};

const gitIn = async (dir: string, ...args: string[]) => (await execa("git", ["-C", dir, "-c", "commit.gpgsign=false", ...args], { env: childEnv(process.env, COMMIT_ENV), extendEnv: false })).stdout.trim();

/** A commit on `parent` that writes `file` (main stays where it was): a branch's next commit, or main's moving on after a PR branched. */
export async function commitOn(repo: TinyEngineRepo, parent: string, file: string, text: string, message: string): Promise<string> {
  await gitIn(repo.path, "switch", "-q", "--detach", parent);
  await writeFile(path.join(repo.path, file), text);
  await gitIn(repo.path, "add", "-A");
  await gitIn(repo.path, "commit", "-q", "-m", message);
  const sha = await gitIn(repo.path, "rev-parse", "HEAD");
  await gitIn(repo.path, "switch", "-q", "main");
  return sha;
}

/**
 * A commit on the tiny engine's base whose `make install` also runs `lines` (shell, in the source
 * tree, $(DESTDIR) the build's dir), e.g. planting a symlink where the gate reads or writes; its sha.
 */
export function commitHostileInstall(repo: TinyEngineRepo, message: string, lines: readonly string[]): Promise<string> {
  return commitOn(repo, repo.base, "Makefile", MAKEFILE + lines.map((line) => `\t${line}\n`).join(""), message);
}

/**
 * A commit on the tiny engine's base whose configure records the CC, CXX and LDFLAGS it was given and
 * whose `make install` installs that record as <prefix>/build-env: which compilers a build really used.
 */
export async function commitRecordingConfigure(repo: TinyEngineRepo): Promise<string> {
  const configure = BASE_CONFIGURE.replace("echo configured\n", `printf 'CC=%s\\nCXX=%s\\nLDFLAGS=%s\\n' "$CC" "$CXX" "$LDFLAGS" > build-env\necho configured\n`);
  const recording = await commitOn(repo, repo.base, "configure", configure, "configure: record the compilers and LDFLAGS");
  return commitOn(repo, recording, "Makefile", `${MAKEFILE}\tcp build-env $(DESTDIR)$(PREFIX)/build-env\n`, "install the record");
}

/**
 * A commit on the tiny engine's base whose configure poisons the ccache it builds with: a ccache.conf
 * there makes every later compilation through that ccache run a script of the PR's first (prefix_command),
 * which says so on stderr ("poisoned compiler ran as <user>") and then compiles; its sha.
 */
export function commitCcachePoisoner(repo: TinyEngineRepo): Promise<string> {
  const configure = BASE_CONFIGURE.replace(
    "echo configured\n",
    `cat > "$CCACHE_DIR/poison" <<'EOS'
#!/bin/sh
echo "poisoned compiler ran as $(id -un)" >&2
exec "$@"
EOS
chmod 755 "$CCACHE_DIR/poison"
echo "prefix_command = $CCACHE_DIR/poison" >> "$CCACHE_DIR/ccache.conf"
echo configured
`,
  );
  return commitOn(repo, repo.base, "configure", configure, "configure: poison the ccache");
}

export async function makeTinyEngineRepo(dir: string): Promise<TinyEngineRepo> {
  const git = (...args: string[]) => gitIn(dir, ...args);
  const configure = async (text: string) => {
    await writeFile(path.join(dir, "configure"), text);
    await chmod(path.join(dir, "configure"), 0o755);
  };
  const commit = async (message: string) => {
    await git("add", "-A");
    await git("commit", "-q", "-m", message);
    return git("rev-parse", "HEAD");
  };
  await mkdir(dir, { recursive: true });
  await git("init", "-q", "-b", "main");
  await configure(BASE_CONFIGURE);
  await writeFile(path.join(dir, "Makefile"), MAKEFILE);
  await writeFile(path.join(dir, "hello.c"), HELLO);
  const base = await commit("a tiny engine");
  await configure(HOSTILE_CONFIGURE);
  const hostile = await commit("configure: look for secrets");
  await git("switch", "-q", "--detach", base);
  await configure(HANG_CONFIGURE);
  const hang = await commit("configure: never end");
  await git("switch", "-q", "--detach", base);
  await configure(PLANTER_CONFIGURE);
  await writeFile(path.join(dir, "hello.c"), HELLO.replace("42", "43"));
  const planter = await commit("configure: plant files in every ccache within reach");
  await git("switch", "-q", "main");
  return { path: dir, base, hostile, hang, planter };
}
