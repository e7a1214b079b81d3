/**
 * MyRocks: MariaDB's server with the RocksDB storage engine, the ha_rocksdb plugin (module-only),
 * built by the mariadb-myrocks recipe. The server's lifecycle is MariaDB's (mariadb.ts); the engine
 * loads the plugin and settles a load by flushing RocksDB's memtables to SST files, so that the
 * measured rounds read the files a settled database has, not the load's memtable.
 */
import { mariadbServerEngine, type Query, type StorageEngine } from "./mariadb.js";

export const ROCKSDB: StorageEngine = {
  serverSettings: { plugin_load_add: "ha_rocksdb" },
  settle: async (query: Query) => {
    await query("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
  },
  // flushes and compactions run in their own threads, which the counter does not count
  quiesce: async () => undefined,
};

export const myrocksEngine = mariadbServerEngine("myrocks", "mariadb-myrocks", ROCKSDB);
