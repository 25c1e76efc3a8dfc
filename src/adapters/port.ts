// The adapters' only view of a game (GamePort): submit a person's input, read state, follow new log entries; idempotent by medium message id.
import type { GameService } from '../engine/games.js';
import { viewFor } from '../engine/games.js';
import type { Game } from '../kernel/game.js';
import { ConcurrencyError } from '../kernel/store.js';
import type { GameObject, GameState, Input, JsonObject, LogEntry, Medium } from '../kernel/types.js';

/** The inputs a front (a chat, a mailing list) turns people's doings into. */
export type PersonInput = Extract<Input, { kind: 'action' | 'message' | 'edit' | 'delete' | 'presence' }>;

export type EntryListener = (entry: LogEntry, state: GameState) => void;

export interface Submitted {
  entry: LogEntry;
  /** The log already held this input (the same medium message): nothing new was submitted. */
  duplicate: boolean;
}

/**
 * What a Discord bot or a mail gateway may do with one game. No game logic lives behind it: every
 * input goes to the rules, every refusal comes back as the rules worded it.
 */
export interface GamePort {
  readonly gameId: string;
  /** The clock inputs are stamped with (a medium's own timestamp is never later than this). */
  now(): number;
  /**
   * Submits an input once: when it carries `medium.messageId` and the log already holds an input
   * with the same medium key (see `mediumKey`), that entry is returned and nothing is submitted.
   */
  submit(input: PersonInput): Promise<Submitted>;
  act(person: string, action: string, args: JsonObject, medium?: Medium, at?: number): Promise<Submitted>;
  say(person: string, text: string, medium: Medium, at?: number): Promise<Submitted>;
  edit(person: string, messageId: string, text: string, medium: Medium, at?: number): Promise<Submitted>;
  delete(person: string, messageId: string, medium: Medium, at?: number): Promise<Submitted>;
  /** The entry that recorded this medium message (its key from `mediumKey`), if any. */
  recorded(key: string): Promise<LogEntry | undefined>;
  /** Who sent a message the log recorded (for deletions, which name no author). */
  authorOf(messageId: string): Promise<string | undefined>;
  state(): Promise<GameState>;
  /** The objects as one person may see them (secret values hidden). */
  view(person?: string): Promise<Record<string, GameObject>>;
  /** Log entries after `afterSeq`, in order. */
  entries(afterSeq: number, limit?: number): Promise<LogEntry[]>;
  /** Calls `listener` with each new entry (and the state after it); returns the unsubscribe. */
  subscribe(listener: EntryListener): Promise<() => void>;
  /** Fires the timers due by the clock (a front run without a server keeps the game on time). */
  advance(): Promise<LogEntry[]>;
  close(): Promise<void>;
}

/**
 * The identity of a medium message: the same Discord message or e-mail delivered twice has the
 * same key. An edit is keyed by its time too, so every later edit of one message is new.
 */
export function mediumKey(input: Pick<Input, 'kind'> & { medium?: Medium; messageId?: string }): string | undefined {
  const id = input.medium?.messageId;
  if (!id) return undefined;
  const edit = input.kind === 'edit' ? `|${input.medium?.timestamp ?? ''}` : '';
  return `${input.kind}|${input.medium?.channel ?? ''}|${id}${edit}`;
}

function inputKey(input: Input): string | undefined {
  if (!('medium' in input)) return undefined;
  return mediumKey(input as PersonInput);
}

export interface InProcessPortOptions {
  /**
   * Another process writes to the same store (the server next to this bot): check for its entries
   * every this many ms and pass them to subscribers. 0 = never (default).
   */
  pollMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * A GamePort over GameService in this process: the bot or gateway runs next to the data folder
 * (or in a test). The index of medium keys is built from the whole log when the port opens and
 * kept up to date from new entries, so idempotency survives restarts: the log is the record.
 */
export class InProcessGamePort implements GamePort {
  private readonly keys = new Map<string, number>();
  private readonly authors = new Map<string, string>();
  private readonly listeners = new Set<EntryListener>();
  private indexedSeq = 0;
  private game: Game | undefined;
  private off: (() => void) | undefined;
  private poller: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(readonly games: GameService, readonly gameId: string, private readonly options: InProcessPortOptions) {}

  static async open(games: GameService, gameId: string, options: InProcessPortOptions = {}): Promise<InProcessGamePort> {
    const port = new InProcessGamePort(games, gameId, options);
    await port.attach(await games.get(gameId));
    if (options.pollMs) {
      port.poller = setInterval(() => void port.serial(() => port.catchUp()).catch((e) => port.options.log?.(`polling game ${gameId} failed`, e)), options.pollMs);
      port.poller.unref();
    }
    return port;
  }

  now(): number {
    return this.games.now();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private index(entry: LogEntry): void {
    if (entry.seq <= this.indexedSeq) return;
    this.indexedSeq = entry.seq;
    const key = inputKey(entry.input);
    if (key && !this.keys.has(key)) this.keys.set(key, entry.seq);
    const i = entry.input;
    if ((i.kind === 'message') && i.medium?.messageId) this.authors.set(i.medium.messageId, i.person);
  }

  /** Indexes the log up to the game's length and listens to the game's new entries. */
  private async attach(game: Game): Promise<LogEntry[]> {
    this.off?.();
    const missed: LogEntry[] = [];
    for (let batch = await this.games.store.read(this.gameId, this.indexedSeq, 2000); batch.length > 0; batch = await this.games.store.read(this.gameId, this.indexedSeq, 2000)) {
      for (const entry of batch) {
        if (entry.seq > game.seq) break;
        this.index(entry);
        missed.push(entry);
      }
      if (this.indexedSeq >= game.seq) break;
    }
    this.game = game;
    this.off = game.onEntry((entry, state) => {
      this.index(entry);
      this.deliver(entry, state);
    });
    return missed;
  }

  private deliver(entry: LogEntry, state: GameState): void {
    for (const listener of this.listeners) {
      try {
        listener(entry, state);
      } catch (error) {
        this.options.log?.(`a listener of game ${this.gameId} failed`, error);
      }
    }
  }

  /** Another process wrote to the store: open the game afresh and pass on what it wrote. */
  private async reload(): Promise<void> {
    const stale = this.game;
    // GameService keeps open games in a private map; dropping the entry makes get() reopen it.
    (this.games as unknown as { open: Map<string, Promise<Game>> }).open.delete(this.gameId);
    const fresh = await this.games.get(this.gameId);
    const before = this.indexedSeq;
    const missed = await this.attach(fresh);
    if (stale && stale !== fresh) void stale.advanceTo(-Infinity).catch(() => undefined).finally(() => stale.close());
    for (const entry of missed) if (entry.seq > before) this.deliver(entry, fresh.state);
  }

  private async catchUp(): Promise<void> {
    if (this.closed) return;
    const record = await this.games.store.getGame(this.gameId);
    if (record && this.game && record.seq > this.game.seq) await this.reload();
  }

  private async current(): Promise<Game> {
    if (!this.game) await this.attach(await this.games.get(this.gameId));
    return this.game!;
  }

  submit(input: PersonInput): Promise<Submitted> {
    return this.serial(async () => {
      const once = async (): Promise<Submitted> => {
        const key = inputKey(input);
        const seen = key ? this.keys.get(key) : undefined;
        if (seen !== undefined) return { entry: (await this.games.store.read(this.gameId, seen - 1, 1))[0]!, duplicate: true };
        const game = await this.current();
        return { entry: await game.submit(input), duplicate: false };
      };
      try {
        return await once();
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        await this.reload();
        return once();
      }
    });
  }

  act(person: string, action: string, args: JsonObject, medium?: Medium, at = this.now()): Promise<Submitted> {
    return this.submit({ kind: 'action', at, person, action, args, ...(medium ? { medium } : {}) });
  }

  say(person: string, text: string, medium: Medium, at = this.now()): Promise<Submitted> {
    return this.submit({ kind: 'message', at, person, text, medium });
  }

  edit(person: string, messageId: string, text: string, medium: Medium, at = this.now()): Promise<Submitted> {
    return this.submit({ kind: 'edit', at, person, messageId, text, medium });
  }

  delete(person: string, messageId: string, medium: Medium, at = this.now()): Promise<Submitted> {
    return this.submit({ kind: 'delete', at, person, messageId, medium });
  }

  async recorded(key: string): Promise<LogEntry | undefined> {
    const seq = this.keys.get(key);
    return seq === undefined ? undefined : (await this.games.store.read(this.gameId, seq - 1, 1))[0];
  }

  async authorOf(messageId: string): Promise<string | undefined> {
    return this.authors.get(messageId);
  }

  async state(): Promise<GameState> {
    return (await this.current()).state;
  }

  async view(person?: string): Promise<Record<string, GameObject>> {
    return viewFor(await this.state(), person);
  }

  entries(afterSeq: number, limit?: number): Promise<LogEntry[]> {
    return this.games.store.read(this.gameId, afterSeq, limit);
  }

  async subscribe(listener: EntryListener): Promise<() => void> {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  advance(): Promise<LogEntry[]> {
    return this.serial(async () => {
      try {
        return await (await this.current()).advanceTo(this.now());
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        await this.reload();
        return (await this.current()).advanceTo(this.now());
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poller);
    this.off?.();
    this.listeners.clear();
  }
}
