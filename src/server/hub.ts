// The server's hold on running games: one Game per id through GameService, fan-out of each new log
// entry to feed subscribers, the timer scheduler, and recovery when another process wrote first
// (reload the game and retry once), so several servers can share one PostgreSQL database.
import type { GameService } from '../engine/games.js';
import type { Game } from '../kernel/game.js';
import { ConcurrencyError } from '../kernel/store.js';
import type { GameState, LogEntry } from '../kernel/types.js';

export type FeedListener = (entry: LogEntry, state: GameState) => void;

export interface HubOptions {
  /** The clock timers are scheduled by (the GameService's clock). */
  clock: () => number;
  /**
   * Other processes may write to the same games (PostgreSQL): check the log's length before reads
   * and poll watched games, so this process sees their entries. Default false.
   */
  shared?: boolean;
  /** How often watched games are polled when shared (ms, default 1000). */
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** setTimeout's longest delay; a later timer is re-armed when this one fires. */
const MAX_DELAY = 2 ** 31 - 1;

export class GameHub {
  private readonly watched = new Map<string, { game: Game; off: () => void }>();
  private readonly listeners = new Map<string, Set<FeedListener>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private scheduling = false;
  private poller: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(readonly games: GameService, private readonly options: HubOptions) {}

  private log(message: string, error?: unknown): void {
    this.options.log?.(message, error);
  }

  /** The running game, caught up with the store when other processes may have written to it. */
  async game(id: string, knownSeq?: number): Promise<Game> {
    let game = await this.games.get(id);
    this.watch(game);
    if (this.options.shared) {
      const seq = knownSeq ?? (await this.games.store.getGame(id))?.seq ?? game.seq;
      if (seq > game.seq) game = await this.reload(id, game);
    }
    return game;
  }

  /**
   * Drops a stale copy of a game and opens it again from the store; entries other processes wrote
   * meanwhile go to this process's feed subscribers.
   */
  async reload(id: string, stale: Game): Promise<Game> {
    const current = await this.games.get(id);
    if (current !== stale) return current;
    this.games.forget(id);
    const fresh = await this.games.get(id);
    const missed = await this.games.store.read(id, stale.seq);
    this.watch(fresh);
    // Close the stale copy once whatever was queued on it has finished.
    void stale.advanceTo(-Infinity).catch(() => undefined).finally(() => stale.close());
    for (const entry of missed) this.deliver(id, entry, fresh.state);
    this.arm(id, fresh);
    return fresh;
  }

  /** Runs `work` on the game; when another writer got there first, reloads and tries once more. */
  async write<T>(id: string, work: () => Promise<T>): Promise<T> {
    const game = await this.game(id);
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      await this.reload(id, game);
      return work();
    }
  }

  /** Fires every timer due by the clock. */
  advance(id: string): Promise<LogEntry[]> {
    return this.write(id, () => this.games.advance(id, this.options.clock()));
  }

  /** Calls `listener` with each new entry of the game (with the state after it). */
  async subscribe(id: string, listener: FeedListener): Promise<() => void> {
    await this.game(id);
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    this.ensurePoller();
    return () => {
      set!.delete(listener);
      if (set!.size === 0) this.listeners.delete(id);
    };
  }

  subscriberCount(id: string): number {
    return this.listeners.get(id)?.size ?? 0;
  }

  private watch(game: Game): void {
    const current = this.watched.get(game.id);
    if (current?.game === game) return;
    current?.off();
    const off = game.onEntry((entry, state) => {
      this.deliver(game.id, entry, state);
      this.arm(game.id, game);
    });
    this.watched.set(game.id, { game, off });
    this.arm(game.id, game);
  }

  private deliver(id: string, entry: LogEntry, state: GameState): void {
    for (const listener of this.listeners.get(id) ?? []) {
      try {
        listener(entry, state);
      } catch (error) {
        this.log(`feed listener of game ${id} failed`, error);
      }
    }
  }

  // ---- the scheduler ----

  /** Opens every game, fires the timers missed while the server was down, and keeps firing them on time. */
  async start(): Promise<{ games: number; fired: number; failed: string[] }> {
    this.scheduling = true;
    let fired = 0;
    const failed: string[] = [];
    const records = await this.games.store.listGames();
    for (const record of records) {
      try {
        const game = await this.game(record.id);
        fired += (await this.advance(record.id)).length;
        this.arm(record.id, game);
      } catch (error) {
        failed.push(record.id);
        this.log(`game ${record.id} could not be opened or advanced`, error);
      }
    }
    this.ensurePoller();
    return { games: records.length, fired, failed };
  }

  /** Re-arms every watched game's timer (after the clock jumped). */
  async rearmAll(): Promise<void> {
    for (const id of [...this.watched.keys()]) {
      await this.advance(id).catch((error) => this.log(`timers of game ${id} failed`, error));
      const game = this.watched.get(id)?.game;
      if (game) this.arm(id, game);
    }
  }

  private arm(id: string, game: Game): void {
    if (!this.scheduling || this.closed) return;
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const due = game.nextDue();
    if (!due) return;
    const delay = Math.min(Math.max(0, due.at - this.options.clock()), MAX_DELAY);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.advance(id)
        .catch((error) => this.log(`timers of game ${id} failed`, error))
        .finally(() => {
          const current = this.watched.get(id)?.game;
          if (current) this.arm(id, current);
        });
    }, delay);
    timer.unref();
    this.timers.set(id, timer);
  }

  private ensurePoller(): void {
    if (!this.options.shared || this.poller || this.closed) return;
    this.poller = setInterval(() => void this.poll(), this.options.pollMs ?? 1000);
    this.poller.unref();
  }

  /** Shared mode: catch up watched games that other processes wrote to. */
  private async poll(): Promise<void> {
    for (const [id, { game }] of [...this.watched]) {
      if (!this.listeners.has(id) && !this.timers.has(id)) continue;
      try {
        const record = await this.games.store.getGame(id);
        if (record && record.seq > game.seq) await this.reload(id, game);
      } catch (error) {
        this.log(`polling game ${id} failed`, error);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.scheduling = false;
    clearInterval(this.poller);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const { off } of this.watched.values()) off();
    this.watched.clear();
    this.listeners.clear();
    await this.games.close();
  }
}
