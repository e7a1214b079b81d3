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
  // RocksDB's statistics and memtable arenas are sharded by the CPU a thread is on (sched_getcpu). With
  // the counted server free to move between the run's 2 CPUs, point-query and random-points counted
  // instructions on two levels about 0.5% apart (sides over 0.3%: 11 and 16 of 40, 20 A/A runs of
  // myrocks-quick); with every variant's server on the first CPU, 0 of 16 (8 A/A runs), 2026-12-05
  // (docs/verdict-quality.md, "MyRocks: the counted server on one CPU").
  countOnOneCpu: true,
};

export const myrocksEngine = mariadbServerEngine("myrocks", "mariadb-myrocks", ROCKSDB);
