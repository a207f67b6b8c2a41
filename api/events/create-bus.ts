// Which change bus a process uses: chosen by the engine, as the database is.
import type { DatabaseConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type ChangeBus, type ChangeBusOptions, inProcessChangeBus } from './bus.ts';
import { postgresChangeBus } from './postgres-bus.ts';

/** On PostgreSQL, `db` sends the NOTIFYs and the database's URL opens the one LISTEN connection. */
export function createChangeBus(database: DatabaseConfig, db: Db, options: ChangeBusOptions = {}): ChangeBus {
  return database.engine === 'postgres' ? postgresChangeBus(db, database.url, options) : inProcessChangeBus(options);
}
