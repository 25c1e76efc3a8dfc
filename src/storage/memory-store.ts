// An in-memory EventStore for tests and previews, with the same semantics as the database stores.
import { ConcurrencyError, type EventStore, type GameRecord, type Snapshot } from '../kernel/store.js';
import type { JsonObject, LogEntry } from '../kernel/types.js';
import { checkAppend, checkGameId, checkRead, checkSnapshotSeq, GameExistsError, GameNotFoundError } from './errors.js';

interface StoredEntry {
  seq: number;
  input: string;
  outcome: string;
  hash: string;
}

interface StoredGame {
  meta: string;
  log: StoredEntry[];
  /** seq -> JSON of the state. */
  snapshots: Map<number, string>;
}

/**
 * Values are kept as JSON text, like the database stores keep them, so callers get fresh copies
 * and the same JSON semantics (undefined dropped, -0 read back as 0, ...). Every method does its
 * checks and writes synchronously, so concurrent calls cannot interleave.
 */
export class MemoryEventStore implements EventStore {
  readonly #games = new Map<string, StoredGame>();
  #closed = false;

  #open(): void {
    if (this.#closed) throw new Error('the event store is closed');
  }

  #game(id: string): StoredGame {
    const game = this.#games.get(id);
    if (!game) throw new GameNotFoundError(id);
    return game;
  }

  #record(id: string, game: StoredGame): GameRecord {
    return { id, meta: JSON.parse(game.meta) as JsonObject, seq: game.log.length };
  }

  async createGame(id: string, meta: JsonObject): Promise<GameRecord> {
    this.#open();
    checkGameId(id);
    if (this.#games.has(id)) throw new GameExistsError(id);
    const game: StoredGame = { meta: JSON.stringify(meta ?? {}), log: [], snapshots: new Map() };
    this.#games.set(id, game);
    return this.#record(id, game);
  }

  async getGame(id: string): Promise<GameRecord | undefined> {
    this.#open();
    const game = this.#games.get(id);
    return game && this.#record(id, game);
  }

  async listGames(): Promise<GameRecord[]> {
    this.#open();
    return [...this.#games.keys()].sort(compareIds).map((id) => this.#record(id, this.#games.get(id)!));
  }

  async updateMeta(id: string, meta: JsonObject): Promise<void> {
    this.#open();
    this.#game(id).meta = JSON.stringify(meta ?? {});
  }

  async append(gameId: string, expectedSeq: number, entries: LogEntry[]): Promise<void> {
    this.#open();
    checkAppend(gameId, expectedSeq, entries);
    const game = this.#game(gameId);
    if (game.log.length !== expectedSeq) throw new ConcurrencyError(gameId, expectedSeq, game.log.length);
    // Serialise everything before touching the log, so a bad value leaves it unchanged.
    const rows = entries.map((e) => ({ seq: e.seq, input: JSON.stringify(e.input), outcome: JSON.stringify(e.outcome), hash: e.hash }));
    game.log.push(...rows);
  }

  async read(gameId: string, afterSeq = 0, limit?: number): Promise<LogEntry[]> {
    this.#open();
    checkRead(afterSeq, limit);
    const game = this.#games.get(gameId);
    if (!game) return [];
    const end = limit === undefined ? undefined : afterSeq + limit;
    return game.log.slice(afterSeq, end).map((e) => ({
      seq: e.seq,
      input: JSON.parse(e.input),
      outcome: JSON.parse(e.outcome),
      hash: e.hash,
    }));
  }

  async saveSnapshot(gameId: string, snapshot: Snapshot): Promise<void> {
    this.#open();
    const game = this.#game(gameId);
    checkSnapshotSeq(gameId, snapshot.seq, game.log.length);
    game.snapshots.set(snapshot.seq, JSON.stringify(snapshot.state));
  }

  async latestSnapshot(gameId: string): Promise<Snapshot | undefined> {
    this.#open();
    const game = this.#games.get(gameId);
    if (!game || game.snapshots.size === 0) return undefined;
    let seq = -1;
    for (const s of game.snapshots.keys()) if (s > seq) seq = s;
    return { seq, state: JSON.parse(game.snapshots.get(seq)!) };
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}

/** Games are listed by id in UTF-16 code-unit order on every store (not in a database collation's order). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
