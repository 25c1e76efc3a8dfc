// Finds the test PostgreSQL server and makes a throwaway database on it for one test file.
import pg from 'pg';

export const TEST_PG_URL = process.env.NOMICON_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type FreshDatabase = { ok: true; url: string; drop(): Promise<void> } | { ok: false; reason: string };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates `nomicon_test_<pid>_<random>` on the server, or says why it could not. */
export async function freshPostgresDatabase(): Promise<FreshDatabase> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3_000 });
  const name = `nomicon_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    await admin.end().catch(() => {});
    const u = new URL(TEST_PG_URL);
    return { ok: false, reason: `PostgreSQL at ${u.host}${u.pathname} unusable: ${err instanceof Error ? err.message : String(err)}` };
  }
  await admin.end();
  return {
    ok: true,
    url: withDatabase(TEST_PG_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
