// Runs the EventStore contract against KyselyEventStore on PGlite, in a directory and in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/storage/database.js';
import { KyselyEventStore } from '../../src/storage/kysely-store.js';
import { eventStoreContract } from './contract.js';

eventStoreContract('PGlite directory', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-pglite-'));
  return {
    open: async () => new KyselyEventStore(await openDatabase({ url: `pglite:${join(dir, 'pg')}` }), { ownsDatabase: true }),
    persistent: true,
    shared: false,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

eventStoreContract('PGlite in memory', {
  open: async () => new KyselyEventStore(await openDatabase({ url: 'pglite://' }), { ownsDatabase: true }),
  persistent: false,
  shared: false,
});
