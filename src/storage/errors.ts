// Storage errors beyond the port's ConcurrencyError, and the argument checks every store shares.
import type { LogEntry } from '../kernel/types.js';

export class GameNotFoundError extends Error {
  constructor(readonly gameId: string) {
    super(`no game ${JSON.stringify(gameId)}`);
    this.name = 'GameNotFoundError';
  }
}

export class GameExistsError extends Error {
  constructor(readonly gameId: string) {
    super(`game ${JSON.stringify(gameId)} already exists`);
    this.name = 'GameExistsError';
  }
}

export function checkGameId(id: string): void {
  if (typeof id !== 'string' || id.length === 0) throw new TypeError('a game id must be a non-empty string');
}

function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** Entries must be numbered expectedSeq+1, expectedSeq+2, ... (a programming error otherwise, not a race). */
export function checkAppend(gameId: string, expectedSeq: number, entries: LogEntry[]): void {
  checkGameId(gameId);
  checkCount('expectedSeq', expectedSeq);
  if (!Array.isArray(entries)) throw new TypeError('entries must be an array');
  entries.forEach((entry, i) => {
    if (entry.seq !== expectedSeq + 1 + i) {
      throw new RangeError(`game ${gameId}: entry ${i} has seq ${entry.seq}, expected ${expectedSeq + 1 + i}`);
    }
    if (typeof entry.hash !== 'string') throw new TypeError(`game ${gameId}: entry ${entry.seq} has no hash`);
  });
}

export function checkRead(afterSeq: number, limit: number | undefined): void {
  checkCount('afterSeq', afterSeq);
  if (limit !== undefined) checkCount('limit', limit);
}

export function checkSnapshotSeq(gameId: string, snapshotSeq: number, logLength: number): void {
  checkCount('snapshot.seq', snapshotSeq);
  if (snapshotSeq > logLength) {
    throw new RangeError(`game ${gameId}: snapshot at seq ${snapshotSeq} is past the end of the log (${logLength})`);
  }
}
