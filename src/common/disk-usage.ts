/**
 * Disk usage of a tree as `du` counts it (allocated blocks, each hard-linked file once, symlinks not
 * followed): the build cache's entries, a server's data files.
 */
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * Bytes allocated under `path`, which must exist. A file or directory below it removed while the walk
 * is under way (a running server's compaction, a dropped table) holds nothing any more and counts 0.
 */
export async function diskUsage(path: string): Promise<number> {
  const seen = new Set<string>();
  const walk = async (entry: string, top: boolean): Promise<number> => {
    /** `value`, or `gone` when the entry below `path` no longer exists */
    const unlessGone = <T>(value: Promise<T>, gone: T): Promise<T> =>
      value.catch((e: unknown) => {
        if (top || (e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
        return gone;
      });
    const st = await unlessGone(lstat(entry), null);
    if (st === null) return 0;
    const inode = `${st.dev}:${st.ino}`;
    if (seen.has(inode)) return 0;
    seen.add(inode);
    let bytes = st.blocks * 512;
    if (st.isDirectory()) {
      for (const name of await unlessGone(readdir(entry), [])) bytes += await walk(join(entry, name), false);
    }
    return bytes;
  };
  return walk(path, true);
}
