/**
 * The MariaDB demo fork (see fork-repo.ts): Debian's source package mariadb (10.11 in bookworm), and
 * a head commit that prints every SELECT's parsed statement back to text and checksums it before
 * running it, a "statement fingerprint for per-statement statistics" on the SQL layer's hot path.
 * Point selects, range scans and random points go through execute_sqlcom_select, with or without
 * prepared statements; UPDATE, INSERT and DELETE do not, so only the read steps slow down.
 */
import { obtainDebianSource, type DebianSource } from "./debian-source.js";
import { makeForkRepo, type Edit, type ForkRepo, type ForkSpec } from "./fork-repo.js";

export const MARIADB_SOURCE_PACKAGE = "mariadb";

export function obtainMariadbSource(cacheDir: string, onLine?: (line: string) => void): Promise<DebianSource> {
  return obtainDebianSource(cacheDir, MARIADB_SOURCE_PACKAGE, { upstreamName: "mariadb", onLine });
}

const SQL_PARSE = "sql/sql_parse.cc";

/** `printMethod`: the unit's method that writes it as text; a misspelt one does not compile. */
function fingerprintEdits(printMethod: string): Edit[] {
  return [
    {
      anchor: "static bool execute_sqlcom_select(THD *thd, TABLE_LIST *all_tables)\n{\n",
      replacement: `/*
  Fingerprint of the last SELECT run, kept for per-statement statistics.
*/
static uint32 last_select_fingerprint= 0;

static uint32 select_fingerprint(SELECT_LEX_UNIT *unit)
{
  StringBuffer<1024> text(system_charset_info);
  unit->${printMethod}(&text, QT_ORDINARY);
  return my_checksum(0, text.ptr(), text.length());
}

static bool execute_sqlcom_select(THD *thd, TABLE_LIST *all_tables)
{
`,
    },
    {
      anchor: "      query_cache_store_query(thd, all_tables);\n      res= handle_select(thd, lex, result, 0);\n",
      replacement: `      last_select_fingerprint= select_fingerprint(&lex->unit);
      query_cache_store_query(thd, all_tables);
      res= handle_select(thd, lex, result, 0);
`,
    },
  ];
}

export const MARIADB_HEAD_EDITS = fingerprintEdits("print");
/** "'class st_select_lex_unit' has no member named 'prnt'" */
export const MARIADB_BUILD_FAILURE_EDITS = fingerprintEdits("prnt");

const MARIADB_FORK: ForkSpec = {
  displayName: "MariaDB",
  // Debian's tarball is upstream's tracked tree plus files generated for the release (the parsers,
  // source_revision.h), 432 of them matched by upstream's .gitignore (dbug/user.r among them): the
  // fork keeps every file of the tarball.
  trackedIgnored: ["."],
  file: SQL_PARSE,
  head: { edits: MARIADB_HEAD_EDITS, message: "sql: fingerprint each SELECT's statement for per-statement statistics" },
  buildFailure: { edits: MARIADB_BUILD_FAILURE_EDITS, message: "sql: fingerprint each SELECT's statement (does not compile)" },
};

export function makeMariadbFork(source: DebianSource, repoDir: string): Promise<ForkRepo> {
  return makeForkRepo(source, repoDir, MARIADB_FORK);
}
