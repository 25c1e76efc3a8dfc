// The IMAP intake of the mail gateway: follows a mailbox (IDLE, and a poll as a safety net), hands each new message to the gateway in UID order, remembers the last UID handled.
import type { ConnectionOptions } from 'node:tls';
import { ImapFlow } from 'imapflow';

export interface ImapIntakeOptions {
  host: string;
  port: number;
  /** TLS from the first byte (port 993); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  /** The mailbox the list's mail is delivered to (default INBOX). */
  mailbox?: string;
  /** How often the mailbox is searched even when IDLE says nothing (ms, default 60 s). */
  pollMs?: number;
  /** Wait for new mail with IDLE between polls (default true). */
  idle?: boolean;
  /** Extra TLS options (a private CA, a server name). */
  tls?: ConnectionOptions;
  /** Messages larger than this are not fetched, only their headers (bytes, default 10 MB). */
  maxSize?: number;
  /** How long a message the gateway keeps failing on holds up the mailbox before it is given up (ms, default 24 hours). */
  giveUpMs?: number;
  /** The clock of `giveUpMs` (default Date.now). */
  clock?: () => number;
}

/** Where the intake is in a mailbox: its UIDVALIDITY (as a string: it is a 32-bit number IMAP may send as a bigint) and the last UID handled. */
export interface ImapCursor {
  uidValidity: string;
  lastUid: number;
}

export interface ImapSink {
  cursor(): ImapCursor | undefined;
  /** Saves the cursor durably before returning. */
  save(cursor: ImapCursor): void;
  /** Takes one message (its whole source, or only its headers when it is larger than `maxSize`); throws when it should be tried again later. */
  deliver(raw: Buffer, info: { uid: number; tooBig: boolean }): Promise<void>;
  /** A message that failed for `giveUpMs` is dropped: this tells its sender (and throws if even that cannot be done now). */
  giveUp(raw: Buffer, info: { uid: number; error: unknown }): Promise<void>;
  log(message: string, error?: unknown): void;
}

const BACKOFF_FIRST = 1_000;
const BACKOFF_MAX = 300_000;

export class ImapIntake {
  private client: ImapFlow | undefined;
  private loop: Promise<void> | undefined;
  private stopped = false;
  private woken = false;
  private wake: (() => void) | undefined;
  private waiters: { ok: () => void; fail: (error: unknown) => void }[] = [];
  private backoff = BACKOFF_FIRST;
  /** UID -> when handing it to the gateway first failed. */
  private readonly failing = new Map<number, number>();

  constructor(private readonly options: ImapIntakeOptions, private readonly sink: ImapSink) {}

  private get mailbox(): string {
    return this.options.mailbox ?? 'INBOX';
  }

  /** A name for the mailbox's cursor in the gateway's state. */
  static key(options: Pick<ImapIntakeOptions, 'user' | 'host' | 'port' | 'mailbox'>): string {
    return `imap://${options.user}@${options.host}:${options.port}/${options.mailbox ?? 'INBOX'}`;
  }

  /** Connects (throws when the first connection or login fails: a wrong host or password should stop the gateway), then follows the mailbox. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      const e = error as { authenticationFailed?: boolean; responseText?: string; message?: string };
      const why = e.authenticationFailed ? `the server refused the login${e.responseText ? ` (${e.responseText})` : ''}` : e.responseText ?? e.message ?? String(error);
      throw new Error(`cannot read ${ImapIntake.key(this.options)}: ${why}`, { cause: error });
    }
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    await this.disconnect();
    for (const w of this.waiters.splice(0)) w.ok();
  }

  /** Searches the mailbox now; resolves when every message found then is handled (rejects if the round failed). */
  poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const done = new Promise<void>((ok, fail) => this.waiters.push({ ok, fail }));
    this.poke();
    return done;
  }

  private poke(): void {
    this.woken = true;
    this.wake?.();
  }

  private async connect(): Promise<void> {
    const o = this.options;
    const idle = o.idle ?? true;
    const client = new ImapFlow({
      host: o.host, port: o.port, secure: o.secure, auth: { user: o.user, pass: o.pass },
      logger: false, disableAutoIdle: !idle, autoIdleDelay: 1_000, ...(o.tls ? { tls: o.tls } : {}),
      clientInfo: { name: 'nomicon mail gateway' },
    });
    client.on('error', (error: unknown) => this.sink.log(`IMAP connection to ${o.host}:${o.port} failed`, error));
    client.on('exists', () => this.poke());
    client.on('close', () => {
      if (this.client === client) this.client = undefined;
      this.poke();
    });
    try {
      await client.connect();
      await client.mailboxOpen(this.mailbox);
    } catch (error) {
      client.close();
      throw error;
    }
    this.client = client;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await Promise.race([client.logout(), new Promise((ok) => setTimeout(ok, 2_000).unref())]);
    } catch {
      // the connection is going anyway
    }
    client.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      const serving = this.waiters.splice(0);
      let failed: unknown;
      try {
        if (!this.client) await this.connect();
        await this.round(this.client!);
        this.backoff = BACKOFF_FIRST;
      } catch (error) {
        failed = error;
        if (!this.stopped) this.sink.log(`reading the IMAP mailbox ${this.mailbox} failed; trying again in ${Math.round(this.backoff / 1000)} s`, error);
        await this.disconnect();
      }
      for (const w of serving) (failed === undefined ? w.ok() : w.fail(failed));
      if (this.stopped) return;
      await this.pause(failed === undefined ? this.options.pollMs ?? 60_000 : this.backoff);
      if (failed !== undefined) this.backoff = Math.min(BACKOFF_MAX, this.backoff * 2);
    }
  }

  private pause(ms: number): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise<void>((ok) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        ok();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private async uids(client: ImapFlow, query: Parameters<ImapFlow['search']>[0]): Promise<number[]> {
    const found = await client.search(query, { uid: true });
    return (found || []).sort((a, b) => a - b);
  }

  /** One pass over the mailbox: everything after the cursor, in UID order. */
  private async round(client: ImapFlow): Promise<void> {
    const box = client.mailbox;
    if (!box) throw new Error(`the IMAP mailbox ${this.mailbox} is not open`);
    const uidValidity = String(box.uidValidity);
    let cursor = this.sink.cursor();
    if (!cursor || cursor.uidValidity !== uidValidity) {
      // A mailbox never followed (or renumbered): its unread messages are new, the read ones are history.
      const all = await this.uids(client, { all: true });
      const last = all.at(-1) ?? 0;
      if (cursor) this.sink.log(`the IMAP mailbox ${this.mailbox} was renumbered (UIDVALIDITY ${cursor.uidValidity} -> ${uidValidity}); taking its unread messages`);
      for (const uid of (await this.uids(client, { seen: false })).filter((u) => u <= last)) {
        if (this.stopped) return;
        await this.take(client, uid);
      }
      cursor = { uidValidity, lastUid: last };
      this.sink.save(cursor);
    }
    // `N:*` names the last message when N is past it, so the answer is filtered.
    const after = cursor.lastUid;
    for (const uid of (await this.uids(client, { uid: `${after + 1}:*` })).filter((u) => u > after)) {
      if (this.stopped) return;
      await this.take(client, uid);
      this.sink.save({ uidValidity, lastUid: uid });
    }
  }

  private async take(client: ImapFlow, uid: number): Promise<void> {
    const max = this.options.maxSize ?? 10 * 1024 * 1024;
    const head = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
    if (!head) return; // expunged meanwhile
    const tooBig = (head.size ?? 0) > max;
    const message = await client.fetchOne(String(uid), tooBig ? { uid: true, headers: true } : { uid: true, source: true }, { uid: true });
    if (!message) return;
    const raw = tooBig ? message.headers : message.source;
    if (!raw) throw new Error(`the IMAP server sent no ${tooBig ? 'headers' : 'source'} for UID ${uid}`);
    try {
      await this.sink.deliver(raw, { uid, tooBig });
      this.failing.delete(uid);
    } catch (error) {
      // A message the gateway cannot take holds up the ones after it (they keep their order), but not forever.
      const now = (this.options.clock ?? Date.now)();
      const since = this.failing.get(uid) ?? now;
      this.failing.set(uid, since);
      if (now - since < (this.options.giveUpMs ?? 86_400_000)) throw error;
      this.sink.log(`giving up on the message with UID ${uid} in ${this.mailbox}, failing since ${new Date(since).toISOString()}`, error);
      await this.sink.giveUp(raw, { uid, error });
      this.failing.delete(uid);
    }
    await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
  }
}
