import { describe, expect, it } from "vitest";
import { ENGINES } from "../../src/engine/index.js";
import { INNODB, renderOptionFile, storageEngineSettings } from "../../src/engine/mariadb.js";
import { ROCKSDB } from "../../src/engine/myrocks.js";
import { InputError } from "../../src/errors.js";

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
