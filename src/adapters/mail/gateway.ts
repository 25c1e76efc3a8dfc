// The e-mail gateway: mail to a person's signed list address (received over SMTP or read from an IMAP mailbox) becomes game inputs; the game's outputs, the forum and the reports go out as mail.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { GameState, JsonObject, LogEntry, Medium } from '../../kernel/types.js';
import { DEFAULT_ACTIONS, type MailGameConfig } from '../config.js';
import { JsonFile } from '../json-file.js';
import { normalizeAddress, type LinkStore } from '../links.js';
import type { GamePort, Submitted } from '../port.js';
import { announcementsOf, reportText, type Announcement } from '../render.js';
import { personalAddress, readRecipient, splitAddress, verifyPersonal } from './addresses.js';
import { baseSubject, cleanBody, parseCommands, type MailCommand } from './commands.js';
import { ImapIntake, type ImapCursor, type ImapIntakeOptions } from './imap.js';

export interface MailGame {
  id: string;
  title?: string;
  port: GamePort;
  mail: MailGameConfig;
  /** Command words -> the game's action names (defaults as for Discord: vote, endorse, ...). */
  actions?: Record<string, string>;
}

export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  inReplyTo?: string;
  references?: string[];
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string }[];
}

export type SendMail = (mail: OutgoingMail) => Promise<void>;

export interface MailGatewayOptions {
  games: MailGame[];
  links: LinkStore;
  /** The secret personal addresses are signed with. */
  secret: string;
  send: SendMail;
  statePath?: string;
  /** Where the SMTP server listens (default 127.0.0.1:2525; port 0 = any free port; false = no SMTP server, for a gateway that reads an IMAP mailbox only). */
  listen?: { host: string; port: number } | false;
  /** An IMAP mailbox the list's mail is delivered to, read beside (or instead of) the SMTP server. */
  imap?: ImapIntakeOptions;
  /** Key and certificate (PEM) for STARTTLS; without them STARTTLS is not offered. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** The largest message accepted (bytes, default 10 MB). */
  maxSize?: number;
  /** How often the outbox is retried (ms, default 60 s). */
  retryEveryMs?: number;
  /** The clock of the outbox (default Date.now). */
  clock?: () => number;
  log?: (message: string, error?: unknown) => void;
}

interface MailState {
  /** Game id -> the last log entry whose outputs were mailed. */
  announced: Record<string, number>;
  /** Message-IDs of mails that made no input (reports, links), so a redelivery is not answered twice. */
  handled: Record<string, number>;
  /** Mail the relay did not take yet, retried with growing delays. */
  outbox: { mail: OutgoingMail; tries: number; next: number; since: number }[];
  /** IMAP mailbox (imap://user@host:port/mailbox) -> its UIDVALIDITY and the last UID handled. */
  imap: Record<string, ImapCursor>;
}

const RETRY_FIRST = 60_000;
const RETRY_MAX = 3_600_000;
const GIVE_UP = 3 * 86_400_000;

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value.flatMap((v) => (v.address ? [normalizeAddress(v.address)] : [])));
}

/** Whether a mail was sent by a program (an auto-reply, a bounce, a list): such mail is never answered, so two robots cannot talk forever (RFC 3834). */
function automatic(mail: ParsedMail): boolean {
  const header = (name: string) => String(mail.headers.get(name) ?? '').trim().toLowerCase();
  const auto = header('auto-submitted');
  if (auto && auto !== 'no') return true;
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(header('precedence'))) return true;
  if (mail.headerLines.some((l) => l.key === 'list-id' || l.key === 'x-auto-response-suppress')) return true;
  const from = addresses(mail.from)[0] ?? '';
  return from === '' || /^(mailer-daemon|postmaster|no-?reply|bounces?)([+-].*)?@/.test(from);
}

/** The addresses a stored message was delivered to: what the delivery agent recorded, and To and Cc. */
function deliveredTo(mail: ParsedMail): string[] {
  const recorded = mail.headerLines
    .filter((l) => ['delivered-to', 'x-original-to', 'envelope-to'].includes(l.key))
    .map((l) => l.line.slice(l.line.indexOf(':') + 1).trim().replace(/^<|>$/g, ''))
    .filter((a) => a.includes('@'))
    .map(normalizeAddress);
  return [...new Set([...recorded, ...addresses(mail.to), ...addresses(mail.cc)])];
}

class SmtpError extends Error {
  constructor(readonly responseCode: number, message: string) {
    super(message);
  }
}

export class MailGateway {
  private readonly games: MailGame[];
  private readonly state: JsonFile<MailState>;
  private server: SMTPServer | undefined;
  private intake: ImapIntake | undefined;
  private retry: NodeJS.Timeout | undefined;
  private readonly posting = new Map<string, Promise<unknown>>();
  private readonly unsubscribe: (() => void)[] = [];
  private work: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: MailGatewayOptions) {
    this.games = options.games;
    this.state = new JsonFile<MailState>(options.statePath, () => ({ announced: {}, handled: {}, outbox: [], imap: {} }));
  }

  private log(message: string, error?: unknown): void {
    this.options.log?.(message, error);
  }

  /** The address `person` writes to the list of `gameId` through (and receives the list's mail with as Reply-To). */
  personalAddress(gameId: string, person: string): string {
    const game = this.games.find((g) => g.id === gameId);
    if (!game) throw new Error(`the gateway serves no game "${gameId}"`);
    return personalAddress(game.mail.list, this.options.secret, game.id, person);
  }

  /** Starts the SMTP server (and the IMAP intake) and follows the games' logs; resolves with the address the SMTP server listens on (port 0 when there is none). */
  async start(): Promise<{ host: string; port: number }> {
    for (const game of this.games) {
      if (this.state.data.announced[game.id] === undefined) {
        const seq = (await game.port.state()).seq;
        this.state.update((s) => void (s.announced[game.id] = seq));
      }
      this.unsubscribe.push(await game.port.subscribe(() => this.pump(game)));
      this.pump(game);
    }
    this.retry = setInterval(() => void this.flush(), this.options.retryEveryMs ?? RETRY_FIRST);
    this.retry.unref();
    void this.flush();
    if (this.options.imap) {
      const imap = this.options.imap;
      const key = ImapIntake.key(imap);
      this.intake = new ImapIntake({ maxSize: this.options.maxSize ?? 10 * 1024 * 1024, ...imap }, {
        cursor: () => this.state.data.imap[key],
        save: (cursor) => this.state.update((s) => void (s.imap[key] = cursor)),
        deliver: (raw, info) => this.receiveStored(raw, info),
        giveUp: async (raw, { error }) => {
          const mail = await simpleParser(raw);
          await this.refuse(mail, deliveredTo(mail), `the game could not take it (${(error as Error)?.message ?? String(error)}), and the gateway stopped trying`);
        },
        log: (message, error) => this.log(message, error),
      });
      try {
        await this.intake.start();
      } catch (error) {
        this.intake = undefined;
        await this.stop();
        throw error;
      }
    }
    if (this.options.listen === false) return { host: '', port: 0 };
    const tls = this.options.tls;
    this.server = new SMTPServer({
      name: splitAddress(this.games[0]!.mail.list).domain,
      banner: 'Nomicon mail gateway',
      secure: false,
      authOptional: true,
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(tls ? { key: tls.key, cert: tls.cert } : {}),
      size: this.options.maxSize ?? 10 * 1024 * 1024,
      logger: false,
      onRcptTo: (address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) => {
        this.checkRecipient(address.address).then((known) => {
          if (known === 'bad-token') return callback(new SmtpError(550, '5.1.1 This personal address is not valid here: its token does not match'));
          if (!known) return callback(new SmtpError(550, '5.1.1 No such list or personal address here'));
          callback();
        }, (error: unknown) => callback(error as Error));
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            if (stream.sizeExceeded) throw new SmtpError(552, '5.3.4 The message is too big');
            const to = session.envelope.rcptTo.map((r) => r.address);
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            return this.receive(mail, { from, to });
          })
          .then(() => callback(), (error: unknown) => {
            this.log('a received message could not be handled', error);
            callback(error instanceof SmtpError ? error : new SmtpError(451, '4.3.0 The game could not take the message now; try again later'));
          });
      },
    });
    this.server.on('error', (error) => this.log('SMTP server error', error));
    const listen = this.options.listen ?? { host: '127.0.0.1', port: 2525 };
    await new Promise<void>((ok, fail) => {
      this.server!.server.once('error', fail);
      this.server!.listen(listen.port, listen.host, () => ok());
    });
    const address = this.server.server.address() as AddressInfo;
    return { host: address.address, port: address.port };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.retry);
    for (const off of this.unsubscribe.splice(0)) off();
    await this.intake?.stop();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  /** Reads the IMAP mailbox now and handles what is new; resolves when that is done (no IMAP mailbox: at once). */
  async checkMailbox(): Promise<void> {
    await this.intake?.poll();
    await this.idle();
  }

  /** Resolves when every message and announcement in hand is done. */
  async idle(): Promise<void> {
    for (;;) {
      const before = [this.work, ...this.posting.values()];
      await Promise.all(before);
      const after = [this.work, ...this.posting.values()];
      if (after.length === before.length && after.every((p, i) => p === before[i])) return;
    }
  }

  // ---------------------------------------------------------------- who is who

  /** Person -> addresses: the configured members, and linked addresses of the game's players. */
  private async members(game: MailGame): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const add = (person: string, address: string) => out.set(person, [...new Set([...(out.get(person) ?? []), normalizeAddress(address)])]);
    for (const [person, address] of Object.entries(game.mail.members)) add(person, address);
    const state = await game.port.state();
    for (const obj of Object.values(state.objects)) {
      if (obj.type !== 'player') continue;
      for (const address of this.options.links.accounts('mail', obj.id)) add(obj.id, address);
    }
    return out;
  }

  private candidates(game: MailGame, members: Map<string, string[]>, state: GameState): Set<string> {
    return new Set([...members.keys(), ...this.options.links.persons('mail'), ...Object.values(state.objects).filter((o) => o.type === 'player').map((o) => o.id)]);
  }

  /** Whether an address is ours: the list, a valid personal address, a personal address with a wrong token, or neither. */
  private async checkRecipient(address: string): Promise<'list' | 'personal' | 'bad-token' | undefined> {
    for (const game of this.games) {
      const r = readRecipient(game.mail.list, address);
      if (!r) continue;
      if (r.kind === 'list') return 'list';
      const members = await this.members(game);
      return verifyPersonal(this.options.secret, game.id, r, this.candidates(game, members, await game.port.state())) ? 'personal' : 'bad-token';
    }
    return undefined;
  }

  // ---------------------------------------------------------------- in

  /** Handles one received message (the SMTP server calls this; tests may too). */
  receive(mail: ParsedMail, envelope: { from: string; to: string[] }): Promise<void> {
    const next = this.work.then(() => this.handle(mail, envelope));
    this.work = next.catch(() => undefined);
    return next;
  }

  /**
   * Handles one message read from a mailbox (the IMAP intake calls this). There is no SMTP session to refuse it in,
   * so a message the gateway will not take is answered, saying why; a temporary failure throws, to be tried again.
   */
  async receiveStored(raw: Buffer, info: { tooBig?: boolean } = {}): Promise<void> {
    const mail = await simpleParser(raw);
    const to = deliveredTo(mail);
    if (!to.some((a) => this.games.some((g) => readRecipient(g.mail.list, a)))) {
      this.log(`message ${mail.messageId ?? '(no Message-ID)'} in the mailbox is addressed to no list here; skipped`);
      return;
    }
    if (info.tooBig) {
      await this.refuse(mail, to, `it is larger than ${Math.round((this.options.maxSize ?? 10 * 1024 * 1024) / 1024)} KB, the largest message this list takes`);
      return;
    }
    try {
      await this.receive(mail, { from: addresses(mail.from)[0] ?? '', to });
    } catch (error) {
      if (!(error instanceof SmtpError) || error.responseCode < 500) throw error;
      await this.refuse(mail, to, error.message.replace(/^\d\.\d\.\d+ /, ''));
    }
  }

  /** Answers a message that was not taken, once per Message-ID, to whoever the server says sent it (never to a robot or to the list itself). */
  private async refuse(mail: ParsedMail, to: string[], why: string, marked = false): Promise<void> {
    const id = this.messageId(mail);
    const returnPath = addresses(mail.headers.get('return-path') as AddressObject | undefined)[0];
    const sender = returnPath ?? addresses(mail.from)[0];
    this.log(`message ${id} from ${sender ?? '(nobody)'} refused: ${why}`);
    if (!sender || (!marked && this.state.data.handled[id]) || automatic(mail) || this.games.some((g) => readRecipient(g.mail.list, sender))) return;
    if (!marked) this.markHandled(id);
    const game = this.games.find((g) => to.some((a) => readRecipient(g.mail.list, a))) ?? this.games[0]!;
    await this.sendSafe({
      from: this.listFrom(game), to: [sender], subject: `Not taken: ${baseSubject(mail.subject) || '(no subject)'}`,
      text: `Your message "${baseSubject(mail.subject) || '(no subject)'}" to ${to.join(', ')} was not taken: ${why}.`,
      headers: { 'Auto-Submitted': 'auto-replied' }, ...this.threading(mail),
    });
  }

  private async handle(mail: ParsedMail, envelope: { from: string; to: string[] }): Promise<void> {
    const done = new Set<string>();
    for (const to of envelope.to) {
      for (const game of this.games) {
        const r = readRecipient(game.mail.list, to);
        if (!r || done.has(game.id)) continue;
        if (r.kind === 'list') {
          // A personal address among the recipients speaks for the mail; the bare list address alone does not.
          if (envelope.to.some((t) => readRecipient(game.mail.list, t)?.kind === 'personal')) continue;
          done.add(game.id);
          await this.fromList(game, mail);
          continue;
        }
        const members = await this.members(game);
        const person = verifyPersonal(this.options.secret, game.id, r, this.candidates(game, members, await game.port.state()));
        if (!person) throw new SmtpError(550, '5.1.1 This personal address is not valid here: its token does not match');
        done.add(game.id);
        await this.fromPerson(game, person, mail, members);
      }
    }
  }

  private messageId(mail: ParsedMail): string {
    if (mail.messageId) return mail.messageId;
    const digest = createHash('sha256').update(`${mail.date?.toISOString() ?? ''}\n${mail.subject ?? ''}\n${mail.text ?? ''}`).digest('hex').slice(0, 24);
    return `<${digest}@nomicon.invalid>`;
  }

  /** Mail to the bare list address: nothing proves who sent it, so it is never an input. */
  private async fromList(game: MailGame, mail: ParsedMail): Promise<void> {
    const from = addresses(mail.from)[0];
    const id = this.messageId(mail);
    if (!from || this.state.data.handled[id]) return;
    const link = parseCommands(mail.subject, cleanBody(mail.text ?? ''), {}).find((c): c is Extract<MailCommand, { kind: 'link' }> => c.kind === 'link');
    this.markHandled(id);
    if (link) {
      const result = this.options.links.redeem(link.code, 'mail', from);
      // The answer goes to the From address: only its owner learns the personal address.
      const text = 'error' in result ? `This address was not linked: ${result.error}.`
        : `This address is now linked to ${result.person}. Your personal address for ${game.mail.name ?? game.id} is\n\n  ${this.personalAddress(game.id, result.person)}\n\nWrite to the list through it: the list's mail carries it as Reply-To. Keep it to yourself: whoever knows it can write as you.`;
      await this.sendSafe({ from: this.listFrom(game), to: [from], subject: `Re: ${baseSubject(mail.subject) || 'link'}`, text, ...this.threading(mail) });
      return;
    }
    const members = await this.members(game);
    const person = [...members].find(([, list]) => list.includes(from))?.[0];
    if (!person) {
      await this.refuse(mail, [game.mail.list], `${from} is not the address of a member of ${game.mail.name ?? game.id}. A player links an address by mailing "link CODE" to ${game.mail.list}, with a one-time code from the game's web page`, true);
      return;
    }
    // Told at the member's registered address, whoever the From claims to be.
    await this.sendSafe({
      from: this.listFrom(game), to: members.get(person)!, replyTo: this.personalAddress(game.id, person), subject: `Re: ${baseSubject(mail.subject) || '(no subject)'}`,
      text: `Your message "${baseSubject(mail.subject) || '(no subject)'}" was not taken: mail to ${game.mail.list} cannot show who sent it (a From line proves nothing). Write through your personal address ${this.personalAddress(game.id, person)} (reply to any list mail, it is the Reply-To).`,
      ...this.threading(mail),
    });
  }

  private markHandled(id: string): void {
    this.state.update((s) => {
      s.handled[id] = Date.now();
      const ids = Object.keys(s.handled);
      if (ids.length > 2000) for (const old of ids.sort((a, b) => s.handled[a]! - s.handled[b]!).slice(0, ids.length - 2000)) delete s.handled[old];
    });
  }

  /** Mail to a person's signed address: their commands are actions, anything else is a message the rules may read. */
  private async fromPerson(game: MailGame, person: string, mail: ParsedMail, members: Map<string, string[]>): Promise<void> {
    const id = this.messageId(mail);
    const subject = (mail.subject ?? '').trim();
    const body = cleanBody(mail.text ?? '');
    const commands = parseCommands(subject, body, { ...DEFAULT_ACTIONS, ...(game.actions ?? {}) });
    const medium: Medium = {
      channel: game.mail.channel, messageId: id, subject,
      ...(mail.date ? { timestamp: mail.date.getTime() } : {}),
      recipients: [...addresses(mail.to), ...addresses(mail.cc)],
    };
    const port = game.port;
    const lines: string[] = [];
    const attachments: { filename: string; content: string }[] = [];
    let accepted = false;
    let fresh = false;
    const actions = commands.filter((c): c is Extract<MailCommand, { kind: 'action' }> => c.kind === 'action');
    const note = (said: string, { entry, duplicate }: Submitted) => {
      if (duplicate) return;
      fresh = true;
      const o = entry.outcome;
      if (o.status === 'ok') accepted = true;
      const result = o.result !== null && o.result !== undefined ? ` (${typeof o.result === 'string' ? o.result : JSON.stringify(o.result)})` : '';
      lines.push(o.status === 'ok' ? `> ${said}\nRecorded${result}.` : `> ${said}\nRefused: ${o.message ?? o.status}`);
    };
    if (actions.length > 0) {
      for (const [k, c] of actions.entries()) {
        const m = { ...medium, messageId: k === 0 ? id : `${id}#${k + 1}` };
        note(c.said, await port.act(person, c.action, c.args as JsonObject, m, port.now()));
      }
    } else if (!commands.some((c) => c.kind === 'report')) {
      note(subject ? `(your message "${subject}")` : '(your message)', await port.say(person, body, medium, port.now()));
      // A message the rules took quietly needs no answer: the list's copy says it arrived.
      if (accepted) lines.length = 0;
    }
    const reports = commands.filter((c): c is Extract<MailCommand, { kind: 'report' }> => c.kind === 'report');
    if (reports.length > 0) {
      if (!fresh && actions.length === 0 && this.state.data.handled[id]) return;
      if (actions.length === 0) this.markHandled(id);
      fresh = true;
      const state = await port.state();
      for (const r of reports) {
        const format = r.report === 'ruleset' ? game.mail.rulesetFormat : undefined;
        const text = reportText(state, r.report, format, game.title ?? game.id);
        if (text === undefined) continue;
        lines.push(`> ${r.said}\nAttached: ${r.report}.`);
        attachments.push({ filename: `${game.id}-${r.report}.txt`, content: text });
      }
    }
    if (!fresh) return; // a redelivery of a message already handled
    if (accepted) await this.forum(game, person, mail, body, members);
    if (lines.length > 0) {
      await this.sendSafe({
        from: this.listFrom(game), to: members.get(person) ?? this.options.links.accounts('mail', person), replyTo: this.personalAddress(game.id, person),
        subject: `Re: ${baseSubject(subject) || '(no subject)'}`, text: lines.join('\n\n'), ...(attachments.length ? { attachments } : {}), ...this.threading(mail),
      });
    }
  }

  private threading(mail: ParsedMail): { inReplyTo?: string; references?: string[] } {
    if (!mail.messageId) return {};
    const refs = mail.references === undefined ? [] : Array.isArray(mail.references) ? mail.references : [mail.references];
    return { inReplyTo: mail.messageId, references: [...refs, mail.messageId] };
  }

  private listFrom(game: MailGame, via?: string): string {
    const name = (via ? `${via} via ${game.mail.name ?? game.id}` : game.mail.name ?? game.id).replace(/["\\]/g, '');
    return `"${name}" <${game.mail.list}>`;
  }

  private tag(game: MailGame, subject: string): string {
    const prefix = `[${game.mail.name ?? game.id}]`;
    return subject.includes(prefix) ? subject : `${prefix} ${subject}`;
  }

  /** The public forum: a move or message the game took goes to every member, each with their own Reply-To. */
  private async forum(game: MailGame, person: string, mail: ParsedMail, body: string, members: Map<string, string[]>): Promise<void> {
    for (const [member, to] of members) {
      await this.sendSafe({
        from: this.listFrom(game, person), to, replyTo: this.personalAddress(game.id, member),
        subject: this.tag(game, baseSubject(mail.subject) || '(no subject)'), text: body,
        headers: { 'List-Id': `<${game.id}.${splitAddress(game.mail.list).domain}>`, 'X-Nomicon-Person': person },
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
      });
    }
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  /** Sends, or keeps the mail in the outbox to try again later (the relay may be down). */
  private async sendSafe(mail: OutgoingMail): Promise<void> {
    if (mail.to.length === 0) return;
    try {
      await this.options.send(mail);
    } catch (error) {
      this.log(`sending "${mail.subject}" to ${mail.to.join(', ')} failed; it stays in the outbox`, error);
      const now = this.now();
      this.state.update((s) => void s.outbox.push({ mail, tries: 1, next: now + RETRY_FIRST, since: now }));
    }
  }

  /** Mail waiting in the outbox. */
  get outbox(): readonly OutgoingMail[] {
    return this.state.data.outbox.map((o) => o.mail);
  }

  /** Retries the outbox items that are due (all of them with `force`). */
  async flush(force = false): Promise<void> {
    const now = this.now();
    for (const item of [...this.state.data.outbox]) {
      if (!force && item.next > now) continue;
      let sent = false;
      try {
        await this.options.send(item.mail);
        sent = true;
      } catch (error) {
        if (now - item.since > GIVE_UP) this.log(`giving up on "${item.mail.subject}" to ${item.mail.to.join(', ')} after ${item.tries} tries`, error);
      }
      this.state.update((s) => {
        const i = s.outbox.indexOf(item);
        if (i < 0) return;
        if (sent || now - item.since > GIVE_UP) s.outbox.splice(i, 1);
        else Object.assign(item, { tries: item.tries + 1, next: now + Math.min(RETRY_MAX, RETRY_FIRST * 2 ** item.tries) });
      });
    }
  }

  // ---------------------------------------------------------------- out

  private pump(game: MailGame): void {
    if (this.stopped) return;
    const previous = this.posting.get(game.id) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        await this.mailNew(game);
      } catch (error) {
        this.log(`mailing the news of game ${game.id} failed`, error);
      }
    });
    this.posting.set(game.id, next);
  }

  private async mailNew(game: MailGame): Promise<void> {
    let after = this.state.data.announced[game.id] ?? 0;
    for (let batch = await game.port.entries(after, 200); batch.length > 0 && !this.stopped; batch = await game.port.entries(after, 200)) {
      const state = await game.port.state();
      const members = await this.members(game);
      for (const entry of batch) {
        await this.announce(game, entry, state, members);
        after = entry.seq;
        this.state.update((s) => void (s.announced[game.id] = entry.seq));
      }
    }
  }

  /** One mail per entry and audience: everything the entry tells them, with any report attached. */
  private async announce(game: MailGame, entry: LogEntry, state: GameState, members: Map<string, string[]>): Promise<void> {
    // The rules' own words first: the subject of the mail is what they said first.
    const found = announcementsOf(entry, state, { deadlines: false });
    const all = [...found.filter((a) => a.kind === 'output'), ...found.filter((a) => a.kind !== 'output')];
    if (all.length === 0) return;
    const audiences = new Map<string, { persons: string[]; items: Announcement[] }>();
    for (const a of all) {
      const persons = a.to === 'all' ? [...members.keys()] : a.to.filter((p) => members.has(p));
      const key = a.to === 'all' ? '*' : [...a.to].sort().join(',');
      const group = audiences.get(key) ?? { persons, items: [] };
      group.items.push(a);
      audiences.set(key, group);
    }
    for (const { persons, items } of audiences.values()) {
      const first = items[0]!.text.split('\n')[0]!;
      const subject = this.tag(game, first.length > 90 ? `${first.slice(0, 87)}...` : first);
      const text = items.map((a) => a.text).join('\n\n');
      const attachments = items.flatMap((a) => {
        if (!a.report) return [];
        const report = reportText(state, a.report.kind, a.report.format ?? (a.report.kind === 'ruleset' ? game.mail.rulesetFormat : undefined), game.title ?? game.id);
        return report === undefined ? [] : [{ filename: `${game.id}-${a.report.kind}.txt`, content: report }];
      });
      for (const person of persons) {
        await this.sendSafe({
          from: this.listFrom(game), to: members.get(person)!, replyTo: this.personalAddress(game.id, person), subject, text,
          headers: { 'List-Id': `<${game.id}.${splitAddress(game.mail.list).domain}>`, 'X-Nomicon-Entry': String(entry.seq) },
          ...(attachments.length ? { attachments } : {}),
        });
      }
    }
  }
}
