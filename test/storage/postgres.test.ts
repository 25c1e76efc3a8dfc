// Runs the EventStore contract against KyselyEventStore on a real PostgreSQL server, when one is reachable.
import { describe, it } from 'vitest';
import { openDatabase } from '../../src/storage/database.js';
import { KyselyEventStore } from '../../src/storage/kysely-store.js';
import { eventStoreContract } from './contract.js';
import { freshPostgresDatabase } from './pg-helper.js';

const fresh = await freshPostgresDatabase();

if (fresh.ok) {
  eventStoreContract('PostgreSQL', {
    open: async () => new KyselyEventStore(await openDatabase({ url: fresh.url }), { ownsDatabase: true }),
    persistent: true,
    shared: true,
    cleanup: () => fresh.drop(),
  });
} else {
  console.warn(`[storage] skipping the real PostgreSQL contract: ${fresh.reason}`);
  describe(`EventStore contract: PostgreSQL (skipped: ${fresh.reason})`, () => {
    it.skip(`needs a server at NOMICON_TEST_PG_URL or postgres://postgres@127.0.0.1:5432/test`, () => {});
  });
}
