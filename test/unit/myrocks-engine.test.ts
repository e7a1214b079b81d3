import { describe, expect, it } from "vitest";
import { ENGINES } from "../../src/engine/index.js";
import { INNODB, renderOptionFile, storageEngineSettings } from "../../src/engine/mariadb.js";
import { ROCKSDB } from "../../src/engine/myrocks.js";
import { InputError } from "../../src/common/errors.js";
import { applyEdits } from "../../src/setup/fork-repo.js";
import { MYROCKS_BUILD_FAILURE_EDITS, MYROCKS_HEAD_EDITS } from "../../src/setup/mariadb-fork.js";

describe("the myrocks engine: MariaDB's server with the ha_rocksdb plugin", () => {
  it("is registered with its own recipe", () => {
    expect(ENGINES.myrocks).toMatchObject({ kind: "server", name: "myrocks", recipe: "mariadb-myrocks" });
    expect(ENGINES.mariadb).toMatchObject({ kind: "server", name: "mariadb", recipe: "mariadb" });
  });

  it("loads the plugin ahead of the profile's settings", () => {
    const file = renderOptionFile(storageEngineSettings(ROCKSDB, { default_storage_engine: "rocksdb", rocksdb_block_cache_size: "512M" }));
    expect(file.split("\n").slice(2, 5)).toEqual(['plugin_load_add="ha_rocksdb"', 'default_storage_engine="rocksdb"', 'rocksdb_block_cache_size="512M"']);
    // InnoDB needs nothing of its own
    expect(storageEngineSettings(INNODB, { a: 1 })).toEqual({ a: 1 });
  });

  it("a profile or fork cannot load something else in the plugin's place (either spelling)", () => {
    expect(storageEngineSettings(ROCKSDB, { "plugin-load-add": "ha_rocksdb" })).toMatchObject({ "plugin-load-add": "ha_rocksdb" });
    expect(() => storageEngineSettings(ROCKSDB, { "plugin-load-add": "ha_example" })).toThrow(InputError);
    expect(() => storageEngineSettings(ROCKSDB, { plugin_load_add: "ha_example" })).toThrow(/settings: "plugin_load_add" must be "ha_rocksdb" for this engine/);
  });

});

// storage/rocksdb/ha_rocksdb.cc of MariaDB 10.11.18, around the row conversion every read goes through
const haRocksdb = [
  "int ha_rocksdb::convert_record_from_storage_format(",
  "    const rocksdb::Slice *const key, const rocksdb::Slice *const value,",
  "    uchar *const buf) {",
  "  return m_converter->decode(m_pk_descr, buf, key, value);",
  "}",
  "",
  "int ha_rocksdb::alloc_key_buffers(const TABLE *const table_arg,",
].join("\n");

describe("the MyRocks demo fork", () => {
  it("head checksums every row the handler decodes, before decoding it", () => {
    const head = applyEdits(haRocksdb, MYROCKS_HEAD_EDITS, "storage/rocksdb/ha_rocksdb.cc");
    expect(head.indexOf("static ulonglong rdb_row_checksum")).toBeLessThan(head.indexOf("int ha_rocksdb::convert_record_from_storage_format("));
    expect(head.indexOf("rdb_last_row_checksum= rdb_row_checksum(value);")).toBeLessThan(head.indexOf("return m_converter->decode"));
    expect(head).toContain("int ha_rocksdb::alloc_key_buffers");
  });

  it("the build-failure variant calls a method the slice does not have", () => {
    expect(applyEdits(haRocksdb, MYROCKS_BUILD_FAILURE_EDITS, "storage/rocksdb/ha_rocksdb.cc")).toContain("value->sise()");
  });
});
