// The storage schema (one for every dialect) and the migration runner that brings a database up to it.
import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations.js';

/**
 * Row types. JSON columns are TEXT holding `JSON.stringify` output on every dialect, so what is
 * read back is byte-for-byte what was written (no jsonb key reordering, no \u0000 rejection).
 */
export interface GamesTable {
  id: string;
  /** JSON object. */
  meta: string;
  /** Number of log entries; the optimistic-concurrency token. */
  seq: number;
  /** ISO-8601 UTC timestamp. */
  created_at: string;
}

export interface LogTable {
  game_id: string;
  seq: number;
  /** JSON of the Input. */
  input: string;
  /** JSON of the Outcome. */
  outcome: string;
  hash: string;
}

export interface SnapshotsTable {
  game_id: string;
  seq: number;
  /** JSON of the GameState. */
  state: string;
}

/**
 * The tables the event store uses. Code owning later migrations (accounts, sessions, tokens) can
 * type its own tables with `database.db.withTables<{ accounts: AccountsTable }>()`.
 */
export interface DB {
  games: GamesTable;
  log: LogTable;
  snapshots: SnapshotsTable;
}

/** Name of the bookkeeping tables Kysely's Migrator keeps (`nomicon_migration`, `..._lock`). */
export const MIGRATION_TABLE = 'nomicon_migration';

export class MigrationError extends Error {
  constructor(message: string, readonly results: MigrationResultSet['results'], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

function migrator(db: Kysely<any>, list: Record<string, Migration>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => list },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: `${MIGRATION_TABLE}_lock`,
  });
}

/**
 * Applies every pending migration from src/storage/migrations.ts, in name order, each in a
 * transaction, under the dialect's migration lock (an advisory lock on Postgres). Safe to call
 * on every start and from several processes at once. Returns the names applied this time.
 */
export async function migrateToLatest(db: Kysely<any>, list: Record<string, Migration> = migrations): Promise<string[]> {
  const { error, results } = await migrator(db, list).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const why = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`storage migration ${failed ?? '(setup)'} failed: ${why}`, results, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations already applied to this database, in order. */
export async function appliedMigrations(db: Kysely<any>, list: Record<string, Migration> = migrations): Promise<string[]> {
  const infos = await migrator(db, list).getMigrations();
  return infos.filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
