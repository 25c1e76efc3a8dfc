// A GamePort over the server's HTTP API with a bot's API token: reads, the log feed, and persons' inputs through the relay route (POST /api/games/:id/inputs) once the game's owner names the bot its relay.
import type { GameObject, GameState, JsonObject, LogEntry, Medium } from '../kernel/types.js';
import { mediumKey, type EntryListener, type GamePort, type PersonInput, type Submitted } from './port.js';

export interface HttpPortOptions {
  /** The server, like https://nomic.example.org */
  baseUrl: string;
  /** An API token of the bot's account (POST /api/tokens). */
  token: string;
  gameId: string;
  /** How often the log is polled for new entries (ms, default 1000). */
  pollMs?: number;
  fetch?: typeof fetch;
  log?: (message: string, error?: unknown) => void;
}

/** The route a server offers a trusted bot account to submit a person's input with its medium. */
export const BOT_INPUT_ROUTE = '/api/games/:id/inputs';

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export class HttpGamePort implements GamePort {
  private readonly keys = new Map<string, number>();
  private readonly authors = new Map<string, string>();
  private readonly listeners = new Set<EntryListener>();
  private seq = 0;
  private offset = 0;
  private poller: NodeJS.Timeout | undefined;
  private polling: Promise<void> = Promise.resolve();
  private readonly fetch: typeof fetch;

  private constructor(private readonly options: HttpPortOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  get gameId(): string {
    return this.options.gameId;
  }

  static async open(options: HttpPortOptions): Promise<HttpGamePort> {
    const port = new HttpGamePort(options);
    const game = await port.request<{ seq: number; serverNow: number }>('GET', '');
    port.offset = game.serverNow - Date.now();
    await port.pull(false);
    port.poller = setInterval(() => void port.poll(), options.pollMs ?? 1000);
    port.poller.unref();
    return port;
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/api/games/${encodeURIComponent(this.gameId)}${path}`;
    const response = await this.fetch(url, {
      method,
      headers: { authorization: `Bearer ${this.options.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const value = text ? (JSON.parse(text) as T & { error?: string }) : ({} as T & { error?: string });
    // 422 is the rules' refusal: an entry all the same.
    if (!response.ok && response.status !== 422) throw new HttpError(response.status, `${method} ${url}: ${response.status} ${value.error ?? text}`);
    return value;
  }

  now(): number {
    return Date.now() + this.offset;
  }

  private index(entry: LogEntry): void {
    if ('medium' in entry.input) {
      const key = mediumKey(entry.input as PersonInput);
      if (key && !this.keys.has(key)) this.keys.set(key, entry.seq);
      if (entry.input.kind === 'message' && entry.input.medium?.messageId) this.authors.set(entry.input.medium.messageId, entry.input.person);
    }
  }

  /** Reads the log after what was read; passes new entries to listeners when `deliver`. */
  private async pull(deliver: boolean): Promise<LogEntry[]> {
    const fresh: LogEntry[] = [];
    for (;;) {
      const batch = await this.entries(this.seq, 500);
      if (batch.length === 0) break;
      for (const entry of batch) {
        this.index(entry);
        this.seq = entry.seq;
        fresh.push(entry);
      }
    }
    if (deliver && fresh.length > 0 && this.listeners.size > 0) {
      const state = await this.state();
      for (const entry of fresh) for (const l of this.listeners) {
        try {
          l(entry, state);
        } catch (error) {
          this.options.log?.(`a listener of game ${this.gameId} failed`, error);
        }
      }
    }
    return fresh;
  }

  private poll(): Promise<void> {
    this.polling = this.polling.then(() => this.pull(true)).then(() => undefined, (e) => this.options.log?.(`polling game ${this.gameId} failed`, e));
    return this.polling;
  }

  async submit(input: PersonInput): Promise<Submitted> {
    await this.poll();
    const key = mediumKey(input);
    const seen = key ? this.keys.get(key) : undefined;
    if (seen !== undefined) return { entry: (await this.entries(seen - 1, 1))[0]!, duplicate: true };
    let answer: { seq: number };
    try {
      answer = await this.request<{ seq: number }>('POST', '/inputs', { input });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404 && !/there is no game/.test(error.message)) {
        throw new Error(`this server has no route for a bot's inputs (POST ${BOT_INPUT_ROUTE}): run the bot next to the data folder instead`);
      }
      throw error;
    }
    await this.poll();
    const entry = (await this.entries(answer.seq - 1, 1))[0];
    if (!entry) throw new Error(`the server recorded entry ${answer.seq} but does not show it`);
    return { entry, duplicate: false };
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
    return seq === undefined ? undefined : (await this.entries(seq - 1, 1))[0];
  }

  async authorOf(messageId: string): Promise<string | undefined> {
    return this.authors.get(messageId);
  }

  /** The state as the bot's account may see it (counters and the random stream are not shown). */
  async state(): Promise<GameState> {
    const s = await this.request<{ seq: number; now: number; objects: Record<string, GameObject> }>('GET', '/state');
    return { seq: s.seq, now: s.now, objects: s.objects, counters: {}, rng: [0, 0, 0, 0] };
  }

  async view(): Promise<Record<string, GameObject>> {
    return (await this.state()).objects;
  }

  async entries(afterSeq: number, limit = 500): Promise<LogEntry[]> {
    const page = await this.request<{ entries: LogEntry[] }>('GET', `/log?after=${afterSeq}&limit=${Math.min(500, limit)}`);
    return page.entries.map(({ seq, input, outcome, hash }) => ({ seq, input, outcome, hash }));
  }

  async subscribe(listener: EntryListener): Promise<() => void> {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The server fires the timers. */
  async advance(): Promise<LogEntry[]> {
    return [];
  }

  async close(): Promise<void> {
    clearInterval(this.poller);
    this.listeners.clear();
    await this.polling;
  }
}
