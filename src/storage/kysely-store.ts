// The EventStore over a Kysely Database (SQLite, PostgreSQL or PGlite), with optimistic concurrency.
import { ConcurrencyError, type EventStore, type GameRecord, type Snapshot } from '../kernel/store.js';
import type { JsonObject, LogEntry } from '../kernel/types.js';
import type { Database } from './database.js';
import { checkAppend, checkGameId, checkRead, checkSnapshotSeq, GameExistsError, GameNotFoundError } from './errors.js';
import { compareIds } from './memory-store.js';
import type { LogTable } from './schema.js';

export interface KyselyEventStoreOptions {
  /** Close the Database when the store is closed (default false: whoever opened it closes it). */
  ownsDatabase?: boolean;
  /** Upper bound on log rows per INSERT statement (default 500; also bounded by the dialect's parameter limit). */
  maxRowsPerInsert?: number;
}

const LOG_COLUMNS = 5;

/**
 * append is one transaction that first moves games.seq with a conditional UPDATE
 * (`SET seq = expected + n WHERE id = ? AND seq = expected`) and only then inserts the entries.
 * Whoever loses a race sees zero rows updated and gets ConcurrencyError, and nothing is written:
 * - PostgreSQL (READ COMMITTED): a second writer blocks on the row lock, then re-checks the WHERE
 *   against the committed row; this holds across connections and processes.
 * - SQLite: BEGIN IMMEDIATE takes the database write lock (waiting up to busy_timeout for other
 *   processes); inside this process the single connection is shared in turn.
 * - PGlite: one in-process session shared in turn.
 * The (game_id, seq) primary key is the backstop: a duplicate seq can never be committed.
 */
export class KyselyEventStore implements EventStore {
  readonly #database: Database;
  readonly #ownsDatabase: boolean;
  readonly #rowsPerInsert: number;
  #closed = false;

  constructor(database: Database, options: KyselyEventStoreOptions = {}) {
    this.#database = database;
    this.#ownsDatabase = options.ownsDatabase ?? false;
    const byParams = Math.floor(database.capabilities.maxParameters / LOG_COLUMNS);
    this.#rowsPerInsert = Math.max(1, Math.min(options.maxRowsPerInsert ?? 500, byParams));
  }

  get database(): Database {
    return this.#database;
  }

  get #db() {
    if (this.#closed) throw new Error('the event store is closed');
    return this.#database.db;
  }

  async createGame(id: string, meta: JsonObject): Promise<GameRecord> {
    checkGameId(id);
    const metaText = JSON.stringify(meta ?? {});
    const result = await this.#db
      .insertInto('games')
      .values({ id, meta: metaText, seq: 0, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) throw new GameExistsError(id);
    return { id, meta: JSON.parse(metaText) as JsonObject, seq: 0 };
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    const row = await this.#db.selectFrom('games').select(['id', 'meta', 'seq']).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async listGames(): Promise<GameRecord[]> {
    const rows = await this.#db.selectFrom('games').select(['id', 'meta', 'seq']).execute();
    return rows.map(toRecord).sort((a, b) => compareIds(a.id, b.id));
  }

  async updateMeta(id: string, meta: JsonObject): Promise<void> {
    const result = await this.#db
      .updateTable('games')
      .set({ meta: JSON.stringify(meta ?? {}) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new GameNotFoundError(id);
  }

  async append(gameId: string, expectedSeq: number, entries: LogEntry[]): Promise<void> {
    checkAppend(gameId, expectedSeq, entries);
    const db = this.#db;
    if (entries.length === 0) {
      // Nothing to write; still report a stale expectedSeq, as a non-empty append would.
      const actual = await this.#currentSeq(gameId);
      if (actual !== expectedSeq) throw new ConcurrencyError(gameId, expectedSeq, actual);
      return;
    }
    const rows: LogTable[] = entries.map((e) => ({
      game_id: gameId,
      seq: e.seq,
      input: JSON.stringify(e.input),
      outcome: JSON.stringify(e.outcome),
      hash: e.hash,
    }));
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('games')
        .set({ seq: expectedSeq + entries.length })
        .where('id', '=', gameId)
        .where('seq', '=', expectedSeq)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        const row = await trx.selectFrom('games').select('seq').where('id', '=', gameId).executeTakeFirst();
        if (!row) throw new GameNotFoundError(gameId);
        throw new ConcurrencyError(gameId, expectedSeq, Number(row.seq));
      }
      for (let i = 0; i < rows.length; i += this.#rowsPerInsert) {
        await trx.insertInto('log').values(rows.slice(i, i + this.#rowsPerInsert)).execute();
      }
    });
  }

  async read(gameId: string, afterSeq = 0, limit?: number): Promise<LogEntry[]> {
    checkRead(afterSeq, limit);
    if (limit === 0) return [];
    let query = this.#db
      .selectFrom('log')
      .select(['seq', 'input', 'outcome', 'hash'])
      .where('game_id', '=', gameId)
      .where('seq', '>', afterSeq)
      .orderBy('seq');
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return rows.map((r) => ({ seq: Number(r.seq), input: JSON.parse(r.input), outcome: JSON.parse(r.outcome), hash: r.hash }));
  }

  async saveSnapshot(gameId: string, snapshot: Snapshot): Promise<void> {
    const state = JSON.stringify(snapshot.state);
    // The log only grows and games are never deleted, so checking before writing is race-free.
    checkSnapshotSeq(gameId, snapshot.seq, await this.#currentSeq(gameId));
    await this.#db
      .insertInto('snapshots')
      .values({ game_id: gameId, seq: snapshot.seq, state })
      .onConflict((oc) => oc.columns(['game_id', 'seq']).doUpdateSet({ state }))
      .execute();
  }

  async latestSnapshot(gameId: string): Promise<Snapshot | undefined> {
    const row = await this.#db
      .selectFrom('snapshots')
      .select(['seq', 'state'])
      .where('game_id', '=', gameId)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { seq: Number(row.seq), state: JSON.parse(row.state) };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsDatabase) await this.#database.close();
  }

  async #currentSeq(gameId: string): Promise<number> {
    const row = await this.#db.selectFrom('games').select('seq').where('id', '=', gameId).executeTakeFirst();
    if (!row) throw new GameNotFoundError(gameId);
    return Number(row.seq);
  }
}

function toRecord(row: { id: string; meta: string; seq: number }): GameRecord {
  return { id: row.id, meta: JSON.parse(row.meta) as JsonObject, seq: Number(row.seq) };
}
