// The ordered list of schema migrations; add later ones (accounts, sessions, tokens) as new entries.
import { type Kysely, type Migration } from 'kysely';

/*
 * Rules for entries:
 * - Names sort in application order: keep the `NNNN_name` prefix and never rename or edit an
 *   entry once released; add a new one instead.
 * - Use only what all three dialects (SQLite, PostgreSQL, PGlite) accept: text, integer, bigint,
 *   primary keys, references, indexes. Store JSON as text, timestamps as ISO-8601 text.
 * - `db` is Kysely<any> on purpose: a migration describes the schema as it was at that time.
 */
export const migrations: Record<string, Migration> = {
  '0001_event_log': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('meta', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('log')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('log_pk', ['game_id', 'seq'])
        .execute();
      await db.schema
        .createTable('snapshots')
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('snapshots_pk', ['game_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('snapshots').execute();
      await db.schema.dropTable('log').execute();
      await db.schema.dropTable('games').execute();
    },
  },
  // The server's accounts (src/server/accounts.ts): people, their sign-in sessions and API tokens,
  // who belongs to which game, and invite links. Games live in the event store, so game ids here
  // are plain text (no foreign key: the memory event store keeps games elsewhere).
  '0002_accounts': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('csrf', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('api_tokens_account').on('api_tokens').column('account_id').execute();
      await db.schema
        .createTable('memberships')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('memberships_pk', ['game_id', 'account_id'])
        .execute();
      await db.schema.createIndex('memberships_account').on('memberships').column('account_id').execute();
      await db.schema
        .createTable('invites')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invites_game').on('invites').column('game_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('invites').execute();
      await db.schema.dropTable('memberships').execute();
      await db.schema.dropTable('api_tokens').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('accounts').execute();
    },
  },
};
