/** The engines by the name a profile's `engine` gives them. Adding an engine is one line here plus its module and recipe. */
import { mariadbEngine } from "./mariadb.js";
import { myrocksEngine } from "./myrocks.js";
import { postgresEngine } from "./postgres.js";
import { rocksdbEngine } from "./rocksdb.js";
import type { Engine } from "./types.js";

export const ENGINES = {
  postgresql: postgresEngine,
  mariadb: mariadbEngine,
  myrocks: myrocksEngine,
  rocksdb: rocksdbEngine,
} as const satisfies Record<string, Engine>;

export type EngineName = keyof typeof ENGINES;
export const ENGINE_NAMES = Object.keys(ENGINES) as [EngineName, ...EngineName[]];

export function engineByName(name: EngineName): Engine {
  return ENGINES[name];
}
