// Tests for openDatabase / openEventStore: dialect selection, SQLite durability settings, migrations, atomic rollback.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/storage/database.js';
import { KyselyEventStore } from '../../src/storage/kysely-store.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { appliedMigrations, migrateToLatest } from '../../src/storage/schema.js';
import { migrations } from '../../src/storage/migrations.js';
import { openEventStore, SQLITE_FILE_NAME } from '../../src/storage/index.js';
import { entries } from './contract.js';
import { freshPostgresDatabase, type FreshDatabase } from './pg-helper.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nomicon-db-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite settings', () => {
  it('opens a file in WAL mode with synchronous=FULL, a busy timeout and foreign keys', async () => {
    const database = await openDatabase({ file: join(dir, 'nested', 'deeper', 'settings.db') });
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
      expect(database.dialect).toBe('sqlite');
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('busy_timeout')).toBe(10_000);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(database.capabilities).toEqual({ maxParameters: 32766, concurrentConnections: false, persistent: true });
    } finally {
      await database.close();
    }
  });

  it('accepts sqlite: urls and in-memory databases', async () => {
    const viaUrl = await openDatabase({ url: `sqlite:${join(dir, 'url.db')}` });
    expect(viaUrl.dialect).toBe('sqlite');
    expect(viaUrl.location).toBe(join(dir, 'url.db'));
    await viaUrl.close();
    const mem = await openDatabase({ memory: true });
    expect(mem.capabilities.persistent).toBe(false);
    await mem.close();
    await mem.close(); // twice is fine
  });

  it('refuses unknown urls and empty options', async () => {
    await expect(openDatabase({ url: 'mysql://user:secret@host/db' })).rejects.toThrow(/unsupported database url/);
    await expect(openDatabase({ url: 'mysql://user:secret@host/db' })).rejects.not.toThrow(/secret/);
    await expect(openDatabase({})).rejects.toThrow(/needs a url/);
  });
});

describe('openEventStore', () => {
  it('uses SQLite at dataDir/nomicon.db', async () => {
    const dataDir = join(dir, 'data');
    const { store, database } = await openEventStore({ dataDir });
    expect(store).toBeInstanceOf(KyselyEventStore);
    expect(database?.dialect).toBe('sqlite');
    expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(true);
    await store.createGame('g', {});
    await store.close();
    // Closing the store closed its database.
    await expect(database!.db.selectFrom('games').selectAll().execute()).rejects.toThrow();
    const again = await openEventStore({ dataDir });
    expect((await again.store.getGame('g'))?.seq).toBe(0);
    await again.store.close();
  });

  it('lets a url win over dataDir and memory', async () => {
    const { store, database } = await openEventStore({ url: 'pglite://', dataDir: join(dir, 'unused'), memory: true });
    expect(database?.dialect).toBe('pglite');
    expect(existsSync(join(dir, 'unused'))).toBe(false);
    await store.close();
  });

  it('falls back to memory, and memory: true wins over dataDir', async () => {
    const none = await openEventStore({});
    expect(none.store).toBeInstanceOf(MemoryEventStore);
    expect(none.database).toBeUndefined();
    const forced = await openEventStore({ memory: true, dataDir: join(dir, 'unused2') });
    expect(forced.store).toBeInstanceOf(MemoryEventStore);
    expect(existsSync(join(dir, 'unused2'))).toBe(false);
  });
});

const pgFresh: FreshDatabase = await freshPostgresDatabase();
if (!pgFresh.ok) console.warn(`[storage] skipping real PostgreSQL in database.test.ts: ${pgFresh.reason}`);

const dialects: { name: string; options: () => OpenDatabaseOptions; skip?: string }[] = [
  { name: 'SQLite', options: () => ({ file: join(dir, 'migrate.db') }) },
  { name: 'PGlite', options: () => ({ url: `pglite:${join(dir, 'pglite-migrate')}` }) },
  pgFresh.ok
    ? { name: 'PostgreSQL', options: () => ({ url: pgFresh.url }) }
    : { name: 'PostgreSQL', options: () => ({}), skip: pgFresh.reason },
];

afterAll(async () => {
  if (pgFresh.ok) await pgFresh.drop();
});

for (const d of dialects) {
  describe.skipIf(Boolean(d.skip))(`migrations and atomicity on ${d.name}${d.skip ? ` (skipped: ${d.skip})` : ''}`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase(d.options());
    });
    afterAll(async () => {
      await database?.close();
    });

    it('has applied every migration once; reopening applies none', async () => {
      expect(await appliedMigrations(database.db)).toEqual(Object.keys(migrations).sort());
      expect(await migrateToLatest(database.db)).toEqual([]);
      // PGlite allows one instance per directory: close before reopening.
      await database.close();
      database = await openDatabase(d.options());
      expect(await appliedMigrations(database.db)).toEqual(Object.keys(migrations).sort());
    });

    it('rolls back the whole append when an insert fails part-way', async () => {
      const store = new KyselyEventStore(database, { maxRowsPerInsert: 2 });
      const id = `rollback-${Math.random().toString(36).slice(2)}`;
      await store.createGame(id, {});
      // Plant a row where the 5th entry will go (bypassing the store), so its INSERT fails.
      await database.db.insertInto('log').values({ game_id: id, seq: 5, input: '{}', outcome: '{}', hash: 'planted' }).execute();
      await expect(store.append(id, 0, entries(0, 6))).rejects.toThrow();
      expect((await store.getGame(id))?.seq).toBe(0);
      expect((await store.read(id)).map((e) => e.hash)).toEqual(['planted']);
      await store.close(); // does not own the database
      expect(await database.db.selectFrom('games').select('id').where('id', '=', id).execute()).toHaveLength(1);
    });

    it.skipIf(d.name !== 'PostgreSQL')('migrates safely from several connections at once', async () => {
      const more = await Promise.allSettled([openDatabase(d.options()), openDatabase(d.options()), openDatabase(d.options())]);
      const opened = more.flatMap((m) => (m.status === 'fulfilled' ? [m.value] : []));
      try {
        expect(more.map((m) => m.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
        for (const m of opened) expect(await appliedMigrations(m.db)).toEqual(Object.keys(migrations).sort());
      } finally {
        await Promise.all(opened.map((m) => m.close()));
      }
    });

    it('applies a later migration entry once; code without it refuses the database', async () => {
      const table = `later_${d.name.toLowerCase()}`;
      const later = {
        ...migrations,
        '9999_later_test': {
          async up(db: Kysely<any>) {
            await db.schema.createTable(table).addColumn('id', 'text', (c) => c.primaryKey()).execute();
          },
        },
      };
      expect(await migrateToLatest(database.db, later)).toEqual(['9999_later_test']);
      expect(await migrateToLatest(database.db, later)).toEqual([]);
      await database.db.withTables<Record<string, { id: string }>>().insertInto(table).values({ id: 'x' }).execute();
      // Code that does not know that migration refuses the database rather than run against it.
      await database.close();
      await expect(openDatabase(d.options())).rejects.toThrow(/9999_later_test is missing/);
      database = await openDatabase({ ...d.options(), migrate: false });
    });
  });
}
