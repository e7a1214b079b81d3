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

const HA_ROCKSDB = "storage/rocksdb/ha_rocksdb.cc";

/** `sizeMethod`: the slice's length method; a misspelt one does not compile. */
function rowChecksumEdits(sizeMethod: string): Edit[] {
  return [
    {
      anchor: `int ha_rocksdb::convert_record_from_storage_format(
    const rocksdb::Slice *const key, const rocksdb::Slice *const value,
    uchar *const buf) {
  return m_converter->decode(m_pk_descr, buf, key, value);
}
`,
      replacement: `/*
  Checksum of the last row read, kept for per-row corruption statistics.
*/
ulonglong rdb_last_row_checksum= 0;

static ulonglong rdb_row_checksum(const rocksdb::Slice *const value) {
  ulonglong hash= 14695981039346656037ULL;
  for (int pass= 0; pass < 32; pass++) {
    for (size_t i= 0; i < value->${sizeMethod}(); i++)
      hash= (hash ^ static_cast<uchar>(value->data()[i])) * 1099511628211ULL;
  }
  return hash;
}

int ha_rocksdb::convert_record_from_storage_format(
    const rocksdb::Slice *const key, const rocksdb::Slice *const value,
    uchar *const buf) {
  rdb_last_row_checksum= rdb_row_checksum(value);
  return m_converter->decode(m_pk_descr, buf, key, value);
}
`,
    },
  ];
}

export const MYROCKS_HEAD_EDITS = rowChecksumEdits("size");
/** "'const class rocksdb::Slice' has no member named 'sise'" */
export const MYROCKS_BUILD_FAILURE_EDITS = rowChecksumEdits("sise");

/**
 * The MyRocks demo fork: the same base as MariaDB's (the same Debian source, commit message and so
 * sha: a cached base build serves both), and a head commit that checksums every row MyRocks decodes,
 * 32 FNV-1a passes over the stored row, in the handler's row conversion that every read goes
 * through (point and range selects, and the reads of UPDATE and DELETE); INSERT decodes no row.
 */
const MYROCKS_FORK: ForkSpec = {
  ...MARIADB_FORK,
  file: HA_ROCKSDB,
  head: { edits: MYROCKS_HEAD_EDITS, message: "rocksdb: checksum every row read for per-row corruption statistics" },
  buildFailure: { edits: MYROCKS_BUILD_FAILURE_EDITS, message: "rocksdb: checksum every row read (does not compile)" },
};

export function makeMyrocksFork(source: DebianSource, repoDir: string): Promise<ForkRepo> {
  return makeForkRepo(source, repoDir, MYROCKS_FORK);
}
