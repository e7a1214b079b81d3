import { describe, expect, it } from "vitest";
import { confValue, parseDatabaseBytes, renderSettings } from "../../src/engine/postgres.js";
import { lastLines } from "../../src/engine/program-output.js";
import { InputError, ParseError, PipelineError } from "../../src/common/errors.js";
import { applyEdits, btreeInsertWorkEdits, btreeInsertWorkRef, BUILD_FAILURE_EDITS, cacheMissEdits, cacheMissRef, extraWorkEdits, extraWorkRef, HEAD_EDITS, PARAM_SKETCH_ROWS, paramSketchFiles } from "../../src/setup/fork-repo.js";
import { copyName, freshCopyStatements, parseServerVersionNum } from "../../src/engine/postgres-counting.js";
import { parseDscName } from "../../src/setup/debian-source.js";

describe("postgresql.conf settings", () => {
  it("booleans are on/off, numbers bare, strings quoted with quotes doubled", () => {
    expect(confValue(false)).toBe("off");
    expect(confValue(true)).toBe("on");
    expect(confValue(100)).toBe("100");
    expect(confValue("128MB")).toBe("'128MB'");
    expect(confValue("it's")).toBe("'it''s'");
  });

  it("profile settings come first, the gate's reachability settings last (the last line wins): the socket, no TCP", () => {
    const text = renderSettings({ shared_buffers: "1GB", fsync: false, listen_addresses: "*" }, "/tmp/dbg-pg-x/socket");
    expect(text.split("\n")).toEqual([
      "shared_buffers = '1GB'",
      "fsync = off",
      "listen_addresses = ''",
      "unix_socket_directories = '/tmp/dbg-pg-x/socket'",
      "",
    ]);
  });

  it("a setting name that could inject other lines is an input error", () => {
    expect(() => renderSettings({ "fsync = off\nport": 1 }, "/s")).toThrow(InputError);
  });

  it("lastLines ignores the final newline", () => {
    expect(lastLines("a\nb\nc\n", 2)).toBe("b\nc");
    expect(lastLines("", 5)).toBe("");
  });
});

describe("pg_database_size through psql -A -t", () => {
  it("is one whole number of bytes; anything else is a ParseError keeping the output", () => {
    expect(parseDatabaseBytes("7706799\n")).toBe(7706799);
    for (const output of ["", "7.5e6\n", "7706799\n7706799\n", "ERROR:  database \"bench\" does not exist\n"]) {
      expect(() => parseDatabaseBytes(output)).toThrow(ParseError);
    }
    expect(() => parseDatabaseBytes("oops")).toThrow(expect.objectContaining({ raw: "oops" }));
  });
});

describe("the demo fork", () => {
  const executor = [
    '#include "commands/trigger.h"',
    '#include "executor/execdebug.h"',
    "",
    "void",
    "standard_ExecutorRun(QueryDesc *queryDesc,",
    "\t\t\t\t\t ScanDirection direction, uint64 count, bool execute_once)",
    "{",
    "\t/*",
    "\t * Switch into per-query memory context",
    "\t */",
    "\toldcontext = MemoryContextSwitchTo(estate->es_query_cxt);",
    "",
    "\t/* Allow instrumentation of Executor overall runtime */",
    "}",
  ].join("\n");

  it("head hashes the serialised plan on every ExecutorRun", () => {
    const head = applyEdits(executor, HEAD_EDITS, "execMain.c");
    expect(head).toContain('#include "common/hashfn.h"');
    expect(head).toContain("nodeToString(plannedstmt)");
    expect(head).toMatch(/es_query_cxt\);\n\n\tcurrent_plan_fingerprint = plan_fingerprint\(queryDesc->plannedstmt\);\n\n\t\/\* Allow instrumentation/);
  });

  it("a calibrated slowdown hashes a counter the given number of times on every ExecutorRun", () => {
    const slower = applyEdits(executor, extraWorkEdits(250), "execMain.c");
    expect(slower).toContain("for (i = 0; i < 250; i++)\n\t\th = hash_bytes_uint32_extended(i, h);");
    expect(slower).toMatch(/es_query_cxt\);\n\n\textra_work\(\);\n\n\t\/\* Allow instrumentation/);
    expect(extraWorkRef(250)).toBe("extra-work-250");
    expect(() => extraWorkEdits(0)).toThrow(/positive whole/);
  });

  it("calibrated cache misses walk a ring over 64 MiB, one far-away cache line per step, the given number of steps on every ExecutorRun", () => {
    const missing = applyEdits(executor, cacheMissEdits(32), "execMain.c");
    expect(missing).toContain("static CacheMissLine cache_miss_lines[1048576] pg_attribute_aligned(64);");
    expect(missing).toContain("cache_miss_lines[n].next = &cache_miss_lines[(n + 4099) % 1048576];");
    expect(missing).toContain("for (i = 0; i < 32; i++)\n\t\tline = line->next;");
    expect(missing).toMatch(/es_query_cxt\);\n\n\tcache_misses\(\);\n\n\t\/\* Allow instrumentation/);
    expect(cacheMissRef(32)).toBe("cache-miss-32");
    expect(() => cacheMissEdits(1.5)).toThrow(/positive whole/);
  });

  it("the parameter sketch: 12 scattered increments in shared memory per executed statement with integer parameters, set up with the other shared structures", () => {
    const stubs: Record<string, string> = {
      "src/backend/executor/execMain.c": ['#include "catalog/pg_publication.h"', '#include "storage/lmgr.h"', executor].join("\n"),
      "src/backend/storage/ipc/ipci.c": ['#include "utils/snapmgr.h"', "\tsize = add_size(size, StatsShmemSize());", "\tStatsShmemInit();", ""].join("\n"),
    };
    const files = paramSketchFiles();
    expect(files.map((f) => f.file)).toEqual(Object.keys(stubs));
    const [execMain, ipci] = files.map(({ file, edits }) => applyEdits(stubs[file]!, edits, file));
    expect(PARAM_SKETCH_ROWS).toBe(12);
    expect(execMain).toContain("for (i = 0; i < 12; i++)\n\t\tparam_sketch[i * 1048576 + (((uint32) (h >> 32) + i * step) & 1048575)]++;");
    expect(execMain).toContain("return sizeof(uint32) * 12 * 1048576;");
    expect(execMain).toMatch(/es_query_cxt\);\n\n\tparam_sketch_add\(queryDesc\);\n\n\t\/\* Allow instrumentation/);
    expect(execMain).toContain('#include "catalog/pg_type.h"');
    expect(ipci).toContain("\tsize = add_size(size, StatsShmemSize());\n\tsize = add_size(size, ParamSketchShmemSize());");
    expect(ipci).toContain("\tStatsShmemInit();\n\tParamSketchShmemInit();");
  });

  it("the write-path slowdown hashes a counter the given number of times on every B-tree index insertion, before its search", () => {
    const nbtinsert = [
      '#include "access/xloginsert.h"',
      '#include "common/pg_prng.h"',
      '#include "lib/qunique.h"',
      "",
      "bool",
      "_bt_doinsert(Relation rel, IndexTuple itup,",
      "\t\t\t IndexUniqueCheck checkUnique, bool indexUnchanged,",
      "\t\t\t Relation heapRel)",
      "{",
      "\tbool\t\tcheckingunique = (checkUnique != UNIQUE_CHECK_NO);",
      "",
      "\t/* we need an insertion scan key to do our search, so build one */",
      "\titup_key = _bt_mkscankey(rel, itup);",
      "}",
    ].join("\n");
    const slower = applyEdits(nbtinsert, btreeInsertWorkEdits(40), "nbtinsert.c");
    expect(slower).toContain('#include "common/hashfn.h"\n#include "common/pg_prng.h"');
    expect(slower).toContain("for (i = 0; i < 40; i++)\n\t\th = hash_bytes_uint32_extended(i, h);");
    expect(slower).toMatch(/UNIQUE_CHECK_NO\);\n\n\tinsert_work\(\);\n\n\t\/\* we need an insertion scan key/);
    expect(slower.indexOf("static void\ninsert_work(void)")).toBeLessThan(slower.indexOf("bool\n_bt_doinsert("));
    expect(btreeInsertWorkRef(40)).toBe("btree-insert-work-40");
    expect(() => btreeInsertWorkEdits(-1)).toThrow(/positive whole/);
  });

  it("the build-failure variant names a field that does not exist", () => {
    expect(applyEdits(executor, BUILD_FAILURE_EDITS, "execMain.c")).toContain("queryDesc->plannedstm)");
  });

  it("a file that changed upstream fails loudly instead of being patched wrongly", () => {
    expect(() => applyEdits(executor.replace("commands/trigger.h", "commands/trigger2.h"), HEAD_EDITS, "execMain.c")).toThrow(/missing/);
    expect(() => applyEdits(executor + executor, HEAD_EDITS, "execMain.c")).toThrow(/not unique/);
  });

  it("reads versions from the source package's .dsc name", () => {
    expect(parseDscName("postgresql-15_15.18-0+deb12u1.dsc", "postgresql-15")).toEqual({ debianVersion: "15.18-0+deb12u1", version: "15.18" });
    expect(parseDscName("postgresql-15_1:15.2-1.dsc", "postgresql-15")).toEqual({ debianVersion: "1:15.2-1", version: "15.2" });
    expect(() => parseDscName("rocksdb_7.8.3-2.dsc", "postgresql-15")).toThrow(PipelineError);
  });
});

describe("fresh copies of the benchmark database for counted runs that write", () => {
  it("drop the last copy, then copy the loaded database as a template (by files from PostgreSQL 15 on, the only way before), its sessions committing synchronously", () => {
    expect(copyName("bench")).toBe("bench_counted_copy");
    expect(freshCopyStatements("bench", "bench_counted_copy", 150018)).toEqual([
      'DROP DATABASE IF EXISTS "bench_counted_copy"',
      'CREATE DATABASE "bench_counted_copy" TEMPLATE "bench" STRATEGY = FILE_COPY',
      'ALTER DATABASE "bench_counted_copy" SET synchronous_commit = on',
    ]);
    expect(freshCopyStatements("bench", "bench_counted_copy", 140011)[1]).toBe('CREATE DATABASE "bench_counted_copy" TEMPLATE "bench"');
    expect(freshCopyStatements('a"b', 'a"b_counted_copy', 160000)[1]).toBe('CREATE DATABASE "a""b_counted_copy" TEMPLATE "a""b" STRATEGY = FILE_COPY');
  });

  it("reads the server's version number, and nothing else", () => {
    expect(parseServerVersionNum("150018\n")).toBe(150018);
    expect(parseServerVersionNum(" 90624\n")).toBe(90624);
    for (const output of ["", "15.18\n", "150018\n150018\n", "ERROR:  unrecognized configuration parameter"]) expect(() => parseServerVersionNum(output)).toThrow(ParseError);
  });
});
