/** Server connections for command-line tests: no server behind them. */
import path from "node:path";
import type { Connection } from "../../src/engine/types.js";

/** A PostgreSQL server's connection: libpq's socket file in `socketDir`. */
export function postgresConnection(socketDir: string, port: number, user: string, database: string): Connection {
  return { kind: "server", protocol: "postgresql", socket: path.join(socketDir, `.s.PGSQL.${port}`), port, user, database };
}
