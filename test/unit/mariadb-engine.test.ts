import { describe, expect, it } from "vitest";
import { optionValue, startFailureCause, renderOptionFile } from "../../src/engine/mariadb.js";
import { applyEdits } from "../../src/setup/fork-repo.js";
import { MARIADB_BUILD_FAILURE_EDITS, MARIADB_HEAD_EDITS } from "../../src/setup/mariadb-fork.js";
import { parseDscName } from "../../src/setup/debian-source.js";

describe("MariaDB's option file", () => {
  it("puts the settings in mariadbd's group: booleans ON/OFF, numbers bare, strings quoted", () => {
    expect(renderOptionFile({ innodb_buffer_pool_size: "512M", innodb_flush_log_at_trx_commit: 2, performance_schema: true, innodb_doublewrite: false })).toBe(
      '# db-bench-gate\n[mariadbd]\ninnodb_buffer_pool_size="512M"\ninnodb_flush_log_at_trx_commit=2\nperformance_schema=ON\ninnodb_doublewrite=OFF\n',
    );
    expect(optionValue('a "b" \\c')).toBe('"a \\"b\\" \\\\c"');
  });

  it("refuses --skip-grant-tables in either spelling, names that are not option names, and values over lines", () => {
    expect(() => renderOptionFile({ "skip-grant-tables": true })).toThrow(/settings: "skip-grant-tables" is not allowed: it skips the privilege checks/);
    expect(() => renderOptionFile({ skip_grant_tables: 1 })).toThrow(/not allowed/);
    expect(() => renderOptionFile({ "x]\n[client": 1 })).toThrow(/settings: "x\]\n\[client" is not a MariaDB option name/);
    expect(() => renderOptionFile({ init_file: "a\n[client]" })).toThrow(/spans lines/);
  });

  it("names why mariadbd did not start, from its log: an unknown option, a value it cannot take, a full disk", () => {
    expect(startFailureCause("2026-11-30 19:10:01 0 [ERROR] /x/bin/mariadbd: unknown variable 'innodb_bogus_option=1'\n2026-11-30 19:10:01 0 [ERROR] Aborting")).toBe(
      'unknown server option "innodb_bogus_option"',
    );
    expect(startFailureCause("[ERROR] mariadbd: unknown option '--bogus'")).toBe('unknown server option "bogus"');
    expect(startFailureCause("[ERROR] mariadbd: Error while setting value 'lots' to 'innodb_buffer_pool_size'")).toBe(
      'invalid value "lots" for the server option "innodb_buffer_pool_size"',
    );
    expect(startFailureCause("[ERROR] InnoDB: preallocating 268435456 bytes for file ./ib_logfile101 failed with error 28")).toBe("no space left on the data directory's disk");
    expect(startFailureCause("[Note] mariadbd: ready for connections.")).toBeNull();
  });
});

/** The lines of MariaDB 10.11's sql/sql_parse.cc the edits anchor on. */
const sqlParse = [
  "static bool execute_sqlcom_select(THD *thd, TABLE_LIST *all_tables)",
  "{",
  "  LEX\t*lex= thd->lex;",
  "      query_cache_store_query(thd, all_tables);",
  "      res= handle_select(thd, lex, result, 0);",
  "}",
  "",
].join("\n");

describe("the MariaDB demo fork", () => {
  it("head prints and checksums every SELECT's statement before running it", () => {
    const head = applyEdits(sqlParse, MARIADB_HEAD_EDITS, "sql/sql_parse.cc");
    expect(head).toContain("unit->print(&text, QT_ORDINARY);");
    expect(head.indexOf("static uint32 select_fingerprint")).toBeLessThan(head.indexOf("static bool execute_sqlcom_select"));
    expect(head.indexOf("last_select_fingerprint= select_fingerprint(&lex->unit);")).toBeLessThan(head.indexOf("res= handle_select"));
  });

  it("the build-failure variant calls a method the unit does not have", () => {
    expect(applyEdits(sqlParse, MARIADB_BUILD_FAILURE_EDITS, "sql/sql_parse.cc")).toContain("unit->prnt(&text, QT_ORDINARY);");
  });

  it("reads the version from the source package's .dsc name", () => {
    expect(parseDscName("mariadb_10.11.18-0+deb12u1.dsc", "mariadb")).toEqual({ debianVersion: "10.11.18-0+deb12u1", version: "10.11.18" });
  });
});
