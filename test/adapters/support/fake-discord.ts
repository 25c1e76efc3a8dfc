// A stand-in for Discord on loopback: a real WebSocket gateway (HELLO, IDENTIFY, READY, RESUME, dispatches) and a REST API behind discord.js's own REST client.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export const GUILD = '1100000000000000001';
export const BOT = '1300000000000000001';
export const APP = BOT;
export const CH = { game: '1110000000000000001', voting: '1110000000000000002', offtopic: '1110000000000000003' };
export const ROLE = { inactive: '1140000000000000001', moderator: '1140000000000000002', judge: '1140000000000000003' };
export const TOKEN = 'MTMwMDAwMDAwMDAwMDAwMDAwMQ.GfAkeT.0123456789abcdefghijklmnopqrstuvwxyzABCD';

const DISCORD_EPOCH = 1420070400000n;

type Obj = Record<string, any>;

export function fixture(name: string): Obj {
  return JSON.parse(readFileSync(new URL(`../fixtures/discord/${name}.json`, import.meta.url), 'utf8')) as Obj;
}

/** Discord's timestamp layout: microseconds and an explicit offset. */
function discordTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

export interface RestCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
  files: string[];
}

interface Session {
  id: string;
  seq: number;
  history: { s: number; t: string; d: Obj }[];
  socket: WebSocket | undefined;
  ready: boolean;
}

export class FakeDiscord {
  readonly calls: RestCall[] = [];
  /** Channel id -> messages as the API returns them, oldest first. */
  readonly messages = new Map<string, Obj[]>();
  readonly users = new Map<string, Obj>();
  private wss: WebSocketServer | undefined;
  url = '';
  private session: Session | undefined;
  private sessions = 0;
  private counter = 0n;
  private readonly limits: { method: string; pattern: RegExp; seconds: number }[] = [];
  /** Every IDENTIFY and RESUME the gateway got, in order. */
  readonly handshakes: ('identify' | 'resume')[] = [];
  private readonly guild = fixture('guild-create');

  constructor(private readonly clock: () => number) {}

  async start(): Promise<void> {
    this.wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((ok) => this.wss!.once('listening', () => ok()));
    this.url = `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}`;
    this.wss.on('connection', (socket) => this.connect(socket));
  }

  async close(): Promise<void> {
    for (const client of this.wss?.clients ?? []) client.terminate();
    await new Promise<void>((ok) => (this.wss ? this.wss.close(() => ok()) : ok()));
  }

  snowflake(ms = this.clock()): string {
    return String(((BigInt(ms) - DISCORD_EPOCH) << 22n) + (this.counter++ % 4096n));
  }

  user(name: string): Obj {
    const known = this.users.get(name);
    if (known) return known;
    const user: Obj = { ...fixture('message-create').author, id: this.snowflake(Date.UTC(2020, 0, 1) + this.users.size * 1000), username: name, global_name: name[0]!.toUpperCase() + name.slice(1) };
    this.users.set(name, user);
    return user;
  }

  // ---------------------------------------------------------------- the gateway

  private send(socket: WebSocket | undefined, payload: Obj): void {
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
  }

  private connect(socket: WebSocket): void {
    this.send(socket, { op: 10, d: { heartbeat_interval: 41250, _trace: ['["gateway-prd-fake",{"micros":0.0}]'] }, s: null, t: null });
    socket.on('message', (raw) => {
      const p = JSON.parse(String(raw)) as Obj;
      if (p.op === 1) this.send(socket, { op: 11, d: null, s: null, t: null });
      else if (p.op === 2) this.identify(socket, p.d);
      else if (p.op === 6) this.resume(socket, p.d);
    });
    socket.on('close', () => {
      if (this.session?.socket === socket) this.session.socket = undefined;
    });
  }

  private identify(socket: WebSocket, d: Obj): void {
    this.handshakes.push('identify');
    if (d.token !== TOKEN) {
      socket.close(4004, 'Authentication failed.');
      return;
    }
    this.session = { id: `session-${++this.sessions}`, seq: 0, history: [], socket, ready: true };
    const ready = fixture('ready');
    ready.session_id = this.session.id;
    ready.resume_gateway_url = this.url;
    this.dispatch('READY', ready);
    this.dispatch('GUILD_CREATE', { ...this.guild, members: [...this.guild.members, ...[...this.users.values()].map((user) => ({ ...fixture('interaction-create').member, user }))] });
  }

  private resume(socket: WebSocket, d: Obj): void {
    this.handshakes.push('resume');
    const s = this.session;
    if (!s || s.id !== d.session_id || d.token !== TOKEN) {
      this.send(socket, { op: 9, d: false, s: null, t: null });
      return;
    }
    s.socket = socket;
    for (const h of s.history.filter((h) => h.s > Number(d.seq))) this.send(socket, { op: 0, s: h.s, t: h.t, d: h.d });
    this.dispatch('RESUMED', { _trace: ['["gateway-prd-fake",{"micros":0.0}]'] });
  }

  /** Sends an event to the bot's session (kept for a resume while the socket is down). */
  dispatch(t: string, d: Obj): void {
    const s = this.session;
    if (!s) return;
    const entry = { s: ++s.seq, t, d };
    s.history.push(entry);
    this.send(s.socket, { op: 0, ...entry });
  }

  /** Drops the connection as a network failure would; discord.js resumes the session. */
  dropConnection(code = 4000): void {
    this.session?.socket?.close(code, 'Unknown error');
  }

  /** Ends the session: the next connection must identify again, and what was sent meanwhile is lost. */
  forgetSession(): void {
    const socket = this.session?.socket;
    this.session = undefined;
    this.send(socket, { op: 9, d: false, s: null, t: null });
  }

  /** The bot went away (its process died): nothing more is dispatched to it. */
  disconnectBot(): void {
    const s = this.session;
    this.session = undefined;
    s?.socket?.terminate();
  }

  // ---------------------------------------------------------------- people doing things

  /** A person posts a message: it is kept in the channel and dispatched as MESSAGE_CREATE. */
  post(channelId: string, userName: string, content: string, at = this.clock()): string {
    const m = fixture('message-create');
    Object.assign(m, { id: this.snowflake(at), channel_id: channelId, content, timestamp: discordTime(at), author: this.user(userName), nonce: this.snowflake(at) });
    this.store(m);
    this.dispatch('MESSAGE_CREATE', m);
    return m.id as string;
  }

  private store(m: Obj): void {
    const list = this.messages.get(m.channel_id) ?? [];
    list.push(m);
    this.messages.set(m.channel_id, list);
  }

  private find(id: string): Obj | undefined {
    for (const list of this.messages.values()) {
      const m = list.find((x) => x.id === id);
      if (m) return m;
    }
    return undefined;
  }

  edit(id: string, content: string, at = this.clock()): void {
    const m = this.find(id)!;
    m.content = content;
    m.edited_timestamp = discordTime(at);
    const update = fixture('message-update');
    Object.assign(update, { id, channel_id: m.channel_id, content, timestamp: m.timestamp, edited_timestamp: m.edited_timestamp, author: m.author });
    this.dispatch('MESSAGE_UPDATE', update);
  }

  delete(id: string): void {
    const m = this.find(id)!;
    this.messages.set(m.channel_id, this.messages.get(m.channel_id)!.filter((x) => x.id !== id));
    this.dispatch('MESSAGE_DELETE', { ...fixture('message-delete'), id, channel_id: m.channel_id });
  }

  /** A person runs a slash command; returns the interaction id. */
  slash(channelId: string, userName: string, name: string, options: Record<string, string> = {}, at = this.clock()): string {
    const i = fixture('interaction-create');
    const channel = this.guild.channels.find((c: Obj) => c.id === channelId);
    Object.assign(i, { id: this.snowflake(at), channel_id: channelId, token: `token-${this.counter}` });
    i.member.user = this.user(userName);
    this.interactions.set(i.token, { id: i.id, user: i.member.user, name, channelId });
    i.channel = { ...i.channel, id: channelId, name: channel?.name ?? 'unknown' };
    i.data = { ...i.data, name, options: Object.entries(options).map(([n, value]) => ({ name: n, type: 3, value })) };
    this.dispatch('INTERACTION_CREATE', i);
    return i.id as string;
  }

  // ---------------------------------------------------------------- the REST API

  /** The next request matching `pattern` is answered 429, as Discord does past a bucket's limit. */
  rateLimitNext(method: string, pattern: RegExp, seconds = 0.2): void {
    this.limits.push({ method, pattern, seconds });
  }

  /** What the bot posted in a channel (contents, in order). */
  posted(channelId: string): string[] {
    return (this.messages.get(channelId) ?? []).filter((m) => m.author.id === BOT).map((m) => String(m.content));
  }

  /** The bot's replies to an interaction: the first response and its edits. */
  replies(interactionId: string): string[] {
    const out: string[] = [];
    for (const c of this.calls) {
      if (c.method === 'POST' && c.path.startsWith(`/interactions/${interactionId}/`)) {
        if (c.body?.data?.content) out.push(String(c.body.data.content));
      }
      if (c.method === 'PATCH' && c.path.startsWith('/webhooks/') && this.interactions.get(c.path.split('/')[3]!)?.id === interactionId && c.body?.content) out.push(String(c.body.content));
    }
    return out;
  }
  private readonly interactions = new Map<string, { id: string; user: Obj; name: string; channelId: string }>();

  roleCalls(): { op: 'add' | 'remove'; user: string; role: string }[] {
    return this.calls.filter((c) => /^\/guilds\/\d+\/members\/\d+\/roles\/\d+$/.test(c.path)).map((c) => {
      const parts = c.path.split('/');
      return { op: c.method === 'PUT' ? 'add' : 'remove', user: parts[4]!, role: parts[6]! };
    });
  }

  /** The REST transport for discord.js (`rest.makeRequest`): answers as Discord would. */
  readonly makeRequest = async (url: string, init: RequestInit): Promise<Response> => {
    const u = new URL(url);
    const path = decodeURIComponent(u.pathname).replace(/^\/api\/v\d+/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: any;
    const files: string[] = [];
    if (init.body instanceof FormData) {
      body = JSON.parse(String(init.body.get('payload_json') ?? '{}'));
      for (const [key, value] of init.body.entries()) if (key.startsWith('files[')) files.push(await (value as Blob).text());
    } else if (typeof init.body === 'string') {
      body = JSON.parse(init.body);
    }
    this.calls.push({ method, path, query: u.searchParams, body, files });
    const limit = this.limits.findIndex((l) => l.method === method && l.pattern.test(path));
    if (limit >= 0) {
      const { seconds } = this.limits.splice(limit, 1)[0]!;
      return json(429, { message: 'You are being rate limited.', retry_after: seconds, global: false }, {
        'retry-after': String(seconds), 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': String(seconds), 'x-ratelimit-bucket': 'f00dcafe', 'x-ratelimit-scope': 'user',
      });
    }
    return this.route(method, path, u.searchParams, body, files);
  };

  private route(method: string, path: string, query: URLSearchParams, body: any, files: string[]): Response {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/gateway/bot') {
      return json(200, { url: this.url, shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 14400000, max_concurrency: 1 } });
    }
    if (method === 'PUT' && (m = path.match(/^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/))) {
      return json(200, (body as Obj[]).map((c, i) => ({ ...c, id: String(1310000000000000001n + BigInt(i)), application_id: APP, guild_id: m![2], version: '1', default_member_permissions: null, type: 1, nsfw: false })));
    }
    if (method === 'GET' && (m = path.match(/^\/channels\/(\d+)$/))) {
      const channel = this.guild.channels.find((c: Obj) => c.id === m![1]);
      return channel ? json(200, { ...channel, guild_id: GUILD }) : json(404, { message: 'Unknown Channel', code: 10003 });
    }
    if (method === 'GET' && (m = path.match(/^\/channels\/(\d+)\/messages$/))) {
      const limit = Number(query.get('limit') ?? 50);
      const after = query.get('after');
      let list = [...(this.messages.get(m[1]!) ?? [])];
      if (after) list = list.filter((x) => BigInt(x.id) > BigInt(after)).slice(0, limit);
      else list = list.slice(-limit);
      return json(200, list.reverse());
    }
    if (method === 'POST' && (m = path.match(/^\/channels\/(\d+)\/messages$/))) {
      const msg = fixture('message-create');
      const at = this.clock();
      Object.assign(msg, { id: this.snowflake(at), channel_id: m[1], content: body?.content ?? '', timestamp: discordTime(at), author: { ...fixture('ready').user }, attachments: files.map((f, i) => ({ id: String(i), filename: `file${i}.txt`, size: f.length })) });
      if (body?.message_reference) Object.assign(msg, { type: 19, message_reference: body.message_reference });
      delete msg.nonce;
      delete msg.member;
      if (m[1]!.startsWith('99')) delete msg.guild_id;
      this.store(msg);
      this.dispatch('MESSAGE_CREATE', msg);
      return json(200, msg);
    }
    if (method === 'PUT' && /^\/channels\/\d+\/messages\/\d+\/reactions\/[^/]+\/@me$/.test(path)) return new Response(null, { status: 204 });
    if ((method === 'PUT' || method === 'DELETE') && /^\/guilds\/\d+\/members\/\d+\/roles\/\d+$/.test(path)) return new Response(null, { status: 204 });
    if (method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) return new Response(null, { status: 204 });
    if (method === 'PATCH' && (m = path.match(/^\/webhooks\/(\d+)\/([^/]+)\/messages\/@original$/))) {
      const i = this.interactions.get(m[2]!);
      if (!i) return json(404, { message: 'Unknown Webhook', code: 10015 });
      const msg = fixture('message-create');
      delete msg.nonce;
      delete msg.member;
      Object.assign(msg, {
        type: 20, id: this.snowflake(), channel_id: i.channelId, content: body?.content ?? '', author: { ...fixture('ready').user }, webhook_id: APP, application_id: APP,
        interaction_metadata: { id: i.id, type: 2, user: i.user, authorizing_integration_owners: { '0': GUILD }, name: i.name, command_type: 1 },
      });
      return json(200, msg);
    }
    if (method === 'POST' && path === '/users/@me/channels') {
      const user = [...this.users.values()].find((x) => x.id === body.recipient_id);
      return json(200, { id: `99${String(body.recipient_id).slice(2)}`, type: 1, last_message_id: null, flags: 0, recipients: user ? [user] : [] });
    }
    if (method === 'GET' && (m = path.match(/^\/users\/(\d+)$/))) {
      const user = [...this.users.values()].find((x) => x.id === m![1]);
      return user ? json(200, user) : json(404, { message: 'Unknown User', code: 10013 });
    }
    return json(404, { message: "404: Not Found", code: 0 });
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
