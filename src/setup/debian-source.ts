/**
 * An engine's upstream source from Debian's source package (bookworm main), fetched with a private
 * apt sources list, lists dir and cache dir: the system's apt configuration and state are not
 * changed. Kept under the cache dir and reused.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { runStreamed } from "../build/run-streamed.js";
import { PipelineError } from "../common/errors.js";

export interface DebianSource {
  /** Source package, e.g. postgresql-15, rocksdb. */
  package: string;
  /** Debian version of the source package, e.g. 15.18-0+deb12u1. */
  debianVersion: string;
  /** Upstream version, e.g. 15.18. */
  version: string;
  /** The unpacked upstream tree (Debian's packaging dir and patches left out). */
  dir: string;
}

const DEB_SRC = "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main\n";
const SOURCE_RECORD = "source.json";
// a source package of a few hundred MB from a slow mirror; unpacking MariaDB's takes a minute
const SOURCE_STEP_TIMEOUT_MS = 20 * 60_000;

/** `postgresql-15_15.18-0+deb12u1.dsc` -> its Debian and upstream versions. */
export function parseDscName(fileName: string, sourcePackage: string): { debianVersion: string; version: string } {
  const match = new RegExp(`^${sourcePackage.replace(/[.+]/g, "\\$&")}_((?:\\d+:)?([^-]+)(?:-.+)?)\\.dsc$`).exec(fileName);
  if (!match?.[1] || !match[2]) throw new PipelineError(`unexpected source package file name "${fileName}"`);
  return { debianVersion: match[1], version: match[2] };
}

/**
 * The unpacked source of `sourcePackage` under <cacheDir>/debian-source/<package>/<upstreamName>-<version>,
 * downloaded and unpacked on first use.
 */
export async function obtainDebianSource(
  cacheDir: string,
  sourcePackage: string,
  options: { upstreamName: string; onLine?: (line: string) => void },
): Promise<DebianSource> {
  const root = path.join(cacheDir, "debian-source", sourcePackage);
  const record = path.join(root, SOURCE_RECORD);
  if (existsSync(record)) {
    const source = JSON.parse(await readFile(record, "utf8")) as DebianSource;
    if (existsSync(source.dir)) return source;
  }

  const aptDir = path.join(root, "apt");
  const download = path.join(root, "download");
  await rm(download, { recursive: true, force: true });
  for (const dir of [path.join(aptDir, "lists", "partial"), path.join(aptDir, "cache", "archives", "partial"), download]) {
    await mkdir(dir, { recursive: true });
  }
  await writeFile(path.join(aptDir, "sources.list"), DEB_SRC);
  const privateApt = [
    "-o", `Dir::Etc::SourceList=${path.join(aptDir, "sources.list")}`,
    "-o", "Dir::Etc::SourceParts=/dev/null",
    "-o", `Dir::State::Lists=${path.join(aptDir, "lists")}`,
    "-o", `Dir::Cache=${path.join(aptDir, "cache")}`,
  ];
  await runStreamed("apt-get", [...privateApt, "-q", "update"], { cwd: aptDir, onLine: options.onLine, timeoutMs: SOURCE_STEP_TIMEOUT_MS });
  await runStreamed("apt-get", [...privateApt, "-q", "source", "--download-only", sourcePackage], { cwd: download, onLine: options.onLine, timeoutMs: SOURCE_STEP_TIMEOUT_MS });

  const dsc = (await readdir(download)).find((name) => name.endsWith(".dsc"));
  if (!dsc) throw new PipelineError(`apt-get source ${sourcePackage} downloaded no .dsc file`);
  const { debianVersion, version } = parseDscName(dsc, sourcePackage);
  const dir = path.join(root, `${options.upstreamName}-${version}`);
  const unpacking = `${dir}.unpacking`;
  await rm(unpacking, { recursive: true, force: true });
  // dpkg-source checks the files against the .dsc checksums; --skip-patches keeps upstream pristine.
  await runStreamed("dpkg-source", ["--skip-patches", "-x", path.join(download, dsc), unpacking], { cwd: download, onLine: options.onLine, timeoutMs: SOURCE_STEP_TIMEOUT_MS });
  await rm(path.join(unpacking, "debian"), { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
  await rename(unpacking, dir);

  const source: DebianSource = { package: sourcePackage, debianVersion, version, dir };
  await writeFile(record, JSON.stringify(source, null, 2));
  return source;
}
