// Entry point of the storage layer: picks and opens the EventStore a deployment asked for.
import { join } from 'node:path';
import type { EventStore } from '../kernel/store.js';
import { openDatabase, type Database } from './database.js';
import { KyselyEventStore } from './kysely-store.js';
import { MemoryEventStore } from './memory-store.js';

export { ConcurrencyError, type EventStore, type GameRecord, type Snapshot } from '../kernel/store.js';
export { openDatabase, type Capabilities, type Database, type DialectName, type OpenDatabaseOptions } from './database.js';
export { GameExistsError, GameNotFoundError } from './errors.js';
export { KyselyEventStore, type KyselyEventStoreOptions } from './kysely-store.js';
export { MemoryEventStore } from './memory-store.js';
export { appliedMigrations, migrateToLatest, MigrationError, type DB } from './schema.js';
export { migrations } from './migrations.js';

export interface OpenEventStoreOptions {
  /** A DATABASE_URL: postgres://..., pglite:DIR or pglite:// (memory), sqlite:FILE. Wins over everything. */
  url?: string;
  /** Directory for the SQLite file `${dataDir}/nomicon.db`. */
  dataDir?: string;
  /** Keep everything in memory (wins over dataDir, not over url). */
  memory?: boolean;
}

export const SQLITE_FILE_NAME = 'nomicon.db';

/**
 * url wins; else memory: true gives a MemoryEventStore; else dataDir gives SQLite at
 * `${dataDir}/nomicon.db`; with none of them, memory. Closing the store closes its database.
 */
export async function openEventStore(options: OpenEventStoreOptions = {}): Promise<{ store: EventStore; database?: Database }> {
  const url = options.url?.trim();
  if (!url && (options.memory || !options.dataDir)) return { store: new MemoryEventStore() };
  const database = url ? await openDatabase({ url }) : await openDatabase({ file: join(options.dataDir!, SQLITE_FILE_NAME) });
  return { store: new KyselyEventStore(database, { ownsDatabase: true }), database };
}
