// Runs the EventStore contract against KyselyEventStore on a SQLite file in a temp dir, and in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/storage/database.js';
import { KyselyEventStore } from '../../src/storage/kysely-store.js';
import { eventStoreContract } from './contract.js';

eventStoreContract('SQLite file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-sqlite-'));
  const file = join(dir, 'nomicon.db');
  return {
    open: async () => new KyselyEventStore(await openDatabase({ file }), { ownsDatabase: true }),
    persistent: true,
    // Two better-sqlite3 connections in one thread would block each other synchronously; the
    // cross-process race is tested in durability.test.ts instead.
    shared: false,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

eventStoreContract('SQLite in memory', {
  open: async () => new KyselyEventStore(await openDatabase({ memory: true }), { ownsDatabase: true }),
  persistent: false,
  shared: false,
});
