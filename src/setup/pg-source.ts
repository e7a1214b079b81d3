/** PostgreSQL's source: Debian's source package postgresql-15 (see debian-source.ts). */
import { obtainDebianSource, type DebianSource } from "./debian-source.js";

export type PgSource = DebianSource;

export function obtainPostgresSource(cacheDir: string, options: { sourcePackage?: string; onLine?: (line: string) => void } = {}): Promise<PgSource> {
  return obtainDebianSource(cacheDir, options.sourcePackage ?? "postgresql-15", { upstreamName: "postgresql", onLine: options.onLine });
}
