/** `db-bench-gate init`: the workflows and the config file a fork starts from, never over a file it has. */
import type { Command } from "commander";
import { constants } from "node:fs";
import { lstat, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { builtinProfileSummaries } from "../config/profile-list.js";
import { builtinDir } from "../config/profile.js";
import { InputError } from "../common/errors.js";
import { initFiles, WORKFLOW_TEMPLATES } from "../setup/init-files.js";
import type { Io } from "./common.js";

export function addInitCommand(program: Command, io: Io): void {
  program
    .command("init")
    .description("write the pull-request workflow, the baseline workflow and a commented .db-bench-gate.yml for an engine into a repository; refuses to overwrite any file")
    .option("--engine <name>", "the fork's engine: postgresql, mariadb, myrocks or rocksdb", "postgresql")
    .option("--dir <path>", "the repository's root", ".")
    .action(async (flags: { engine: string; dir: string }) => {
      const examples = builtinDir(path.join("docs", "examples"));
      const templates = Object.fromEntries(await Promise.all(WORKFLOW_TEMPLATES.map(async (name) => [name, await readFile(path.join(examples, name), "utf8")] as const)));
      const files = initFiles(flags.engine, await builtinProfileSummaries(), templates as Record<(typeof WORKFLOW_TEMPLATES)[number], string>);
      const root = path.resolve(flags.dir);
      // all or nothing: a file already there stops init before it writes any
      for (const file of files) {
        const target = path.join(root, file.path);
        await lstat(target).then(
          () => {
            throw new InputError("exists already: init never overwrites (move it away, or merge by hand from docs/examples)", target);
          },
          (e: NodeJS.ErrnoException) => {
            if (e.code !== "ENOENT") throw new InputError(`cannot check it: ${e.code ?? e.message}`, target);
          },
        );
      }
      for (const file of files) {
        const target = path.join(root, file.path);
        await mkdir(path.dirname(target), { recursive: true });
        // wx: never over a file that appeared meanwhile
        await writeFile(target, file.text, { flag: constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY }).catch((e: NodeJS.ErrnoException) => {
          throw new InputError(`cannot write it: ${e.code ?? e.message}`, target);
        });
        io.stdout(`wrote ${file.path}\n`);
      }
      io.stdout("next: commit them, then set up a self-hosted runner as docs/action.md says\n");
    });
}
