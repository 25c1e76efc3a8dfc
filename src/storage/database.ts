// Opens a Kysely database on SQLite (better-sqlite3), PostgreSQL (pg) or PGlite, tuned and migrated.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { migrateToLatest, type DB } from './schema.js';

export type DialectName = 'sqlite' | 'postgres' | 'pglite';

/** What code may rely on, so it can branch on abilities rather than on the dialect's name. */
export interface Capabilities {
  /** Most bound parameters one statement may carry (SQLite 32766, Postgres 65535). */
  maxParameters: number;
  /**
   * Whether transactions from other connections can run at the same time as ours (a pool, other
   * processes). When false, every statement goes through one in-process connection in turn.
   */
  concurrentConnections: boolean;
  /** Whether the data outlives close() (false for in-memory SQLite and in-memory PGlite). */
  persistent: boolean;
}

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  capabilities: Capabilities;
  /** Where it lives, without credentials: a file path, a PGlite directory, host/db, or ':memory:'. */
  location: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://...` / `postgresql://...`, `pglite://` (in memory) or `pglite:DIR`, `sqlite:FILE`. Wins over file/memory. */
  url?: string;
  /** A SQLite file (created with its directory if missing). */
  file?: string;
  /** In-memory SQLite. */
  memory?: boolean;
  /** Run pending migrations on open (default true). */
  migrate?: boolean;
  /** SQLite: how long a writer waits for another process's write lock (default 10 s). */
  busyTimeoutMs?: number;
  /** Postgres: pool size (default 10). */
  poolSize?: number;
}

const SQLITE_MAX_PARAMETERS = 32766;
const POSTGRES_MAX_PARAMETERS = 65535;

/**
 * Kysely's SQLite driver opens transactions with a deferred BEGIN, which takes the write lock only
 * at the first write and can then fail with SQLITE_BUSY without waiting when another process got
 * there first. BEGIN IMMEDIATE takes the write lock up front, honouring busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

function openSqlite(file: string | ':memory:', busyTimeoutMs: number): { db: Kysely<DB>; capabilities: Capabilities; location: string } {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  try {
    if (file !== ':memory:') {
      const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
      if (String(mode).toLowerCase() !== 'wal') throw new Error(`could not put ${file} in WAL mode (got ${String(mode)})`);
    }
    // FULL: the WAL is fsynced at every commit, so an acknowledged append survives power loss too.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    sqlite.pragma('foreign_keys = ON');
  } catch (err) {
    sqlite.close();
    throw err;
  }
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return {
    db,
    capabilities: { maxParameters: SQLITE_MAX_PARAMETERS, concurrentConnections: false, persistent: file !== ':memory:' },
    location: file,
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'postgres';
  }
}

/** Opens (and by default migrates) a database. Precedence: url, then file, then memory. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const busyTimeoutMs = options.busyTimeoutMs ?? 10_000;
  let dialect: DialectName;
  let opened: { db: Kysely<DB>; capabilities: Capabilities; location: string };

  const url = options.url?.trim();
  if (url) {
    if (/^postgres(ql)?:\/\//i.test(url)) {
      dialect = 'postgres';
      const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
      // An idle client losing its connection (server restart) must not crash the process; the pool
      // drops that client and the next query gets a fresh one.
      pool.on('error', () => {});
      opened = {
        db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
        capabilities: { maxParameters: POSTGRES_MAX_PARAMETERS, concurrentConnections: true, persistent: true },
        location: redact(url),
      };
    } else if (/^pglite:/i.test(url)) {
      dialect = 'pglite';
      let dir = url.slice('pglite:'.length);
      if (dir.startsWith('//')) dir = dir.slice(2);
      const memory = dir === '' || dir === 'memory' || dir === ':memory:';
      if (!memory) mkdirSync(resolve(dir), { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      opened = {
        db: new Kysely<DB>({
          dialect: new PGliteDialect({ pglite: async () => (memory ? new PGlite() : new PGlite(resolve(dir))) }),
        }),
        capabilities: { maxParameters: POSTGRES_MAX_PARAMETERS, concurrentConnections: false, persistent: !memory },
        location: memory ? ':memory:' : resolve(dir),
      };
    } else if (/^(sqlite|file):/i.test(url)) {
      dialect = 'sqlite';
      let file = url.replace(/^(sqlite|file):/i, '');
      if (file.startsWith('//')) file = file.slice(2);
      opened = openSqlite(file === '' || file === ':memory:' ? ':memory:' : file, busyTimeoutMs);
    } else {
      throw new Error(`unsupported database url ${JSON.stringify(redact(url))}: use postgres://, pglite: or sqlite:`);
    }
  } else if (options.file) {
    dialect = 'sqlite';
    opened = openSqlite(options.file, busyTimeoutMs);
  } else if (options.memory) {
    dialect = 'sqlite';
    opened = openSqlite(':memory:', busyTimeoutMs);
  } else {
    throw new Error('openDatabase needs a url, a file or memory: true');
  }

  const { db } = opened;
  let closed: Promise<void> | undefined;
  const database: Database = {
    db,
    dialect,
    capabilities: opened.capabilities,
    location: opened.location,
    close: () => (closed ??= db.destroy()),
  };
  if (options.migrate !== false) {
    try {
      await migrateToLatest(db);
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
  }
  return database;
}
