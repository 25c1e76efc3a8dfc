// The event-store port: the kernel's only view of storage. Implementations live in src/storage.
import type { GameState, LogEntry, JsonObject } from './types.js';

export interface GameRecord {
  id: string;
  /** Free metadata kept beside the log: preset name, title, visibility, created-at, ... */
  meta: JsonObject;
  /** Number of log entries (the next append must say expectedSeq = this). */
  seq: number;
}

export interface Snapshot {
  seq: number;
  state: GameState;
}

export class ConcurrencyError extends Error {
  constructor(readonly gameId: string, readonly expected: number, readonly actual: number) {
    super(`game ${gameId}: expected log length ${expected} but it is ${actual} (another writer appended first)`);
    this.name = 'ConcurrencyError';
  }
}

/**
 * An append-only log per game with optimistic concurrency. `append` is durable when it resolves:
 * an acknowledged entry survives a crash.
 */
export interface EventStore {
  createGame(id: string, meta: JsonObject): Promise<GameRecord>;
  getGame(id: string): Promise<GameRecord | undefined>;
  listGames(): Promise<GameRecord[]>;
  updateMeta(id: string, meta: JsonObject): Promise<void>;
  /** Appends entries whose seqs are expectedSeq+1...; throws ConcurrencyError if the log moved. */
  append(gameId: string, expectedSeq: number, entries: LogEntry[]): Promise<void>;
  /** Entries with seq > afterSeq, in order (at most `limit`). */
  read(gameId: string, afterSeq?: number, limit?: number): Promise<LogEntry[]>;
  saveSnapshot(gameId: string, snapshot: Snapshot): Promise<void>;
  latestSnapshot(gameId: string): Promise<Snapshot | undefined>;
  close(): Promise<void>;
}
