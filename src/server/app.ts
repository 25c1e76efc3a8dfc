// The HTTP server: a JSON API over GameService (accounts, games, actions, the live feed) and the
// web app. A thin layer: who a request comes from and what they may read is decided here; what a
// person may do inside a game is decided by the game's rules.
import { timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { GameService } from '../engine/games.js';
import type { EventStore } from '../kernel/store.js';
import { openDatabase, type Database } from '../storage/database.js';
import { MemoryEventStore } from '../storage/memory-store.js';
import { Accounts, type AccountsDB } from './accounts.js';
import { CSRF_HEADER, SESSION_COOKIE, type ServerContext } from './context.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerFeed } from './routes/feed.js';
import { registerGameRoutes } from './routes/games.js';
import { registerWebApp } from './routes/web.js';
import { HttpError, toHttpError } from './errors.js';
import type { ThrottleLimits } from './throttle.js';
import { GameHub } from './hub.js';

export interface ServerOptions {
  /** Where games live (default: a memory store, closed with the server). */
  store?: EventStore;
  /** The database for accounts and sessions (default: in-memory SQLite, closed with the server). */
  database?: Database;
  /** The game service (default: one over `store` with `clock`). */
  games?: GameService;
  /** The clock games run by (default Date.now). */
  clock?: () => number;
  /** Fire timers on time (the serve command turns this on; tests drive time themselves). */
  scheduler?: boolean;
  /** Other processes write to the same database: catch up before reads and poll watched games. */
  shared?: boolean;
  /**
   * Enable POST /api/test/clock, which moves this server's game clock forward. For end-to-end
   * tests only: a production server refuses it.
   */
  testClock?: boolean;
  /** Mark the session cookie Secure (behind HTTPS). */
  secureCookies?: boolean;
  /** Serve the web app (default true). */
  web?: boolean;
  /** Failed sign-ins allowed per name and per address in a window (default 10 in 15 minutes). */
  signInLimits?: ThrottleLimits;
  /** Fastify's logger option (default off). */
  logger?: boolean | { level: string };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function buildServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  const owned: { close(): Promise<void> }[] = [];
  const store = options.store ?? new MemoryEventStore();
  if (!options.store) owned.push(store);
  let database = options.database;
  if (!database) {
    database = await openDatabase({ memory: true });
    owned.push(database);
  }
  const base = options.clock ?? Date.now;
  let offset = 0;
  const clock = options.testClock ? () => base() + offset : base;
  const games = options.games ?? new GameService(store, {}, clock);
  const accounts = new Accounts(database.db as unknown as Kysely<AccountsDB>, clock);
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 8 * 1024 * 1024, trustProxy: true });
  const hub = new GameHub(games, {
    clock, shared: options.shared ?? false,
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  const context: ServerContext = { accounts, games, hub, store, clock, options };
  if (options.testClock) {
    context.advanceClock = async (ms: number) => {
      offset += ms;
      await hub.rearmAll();
      return clock();
    };
  }
  app.decorate('nomicon', context);
  app.decorateRequest('auth', undefined);

  app.setErrorHandler((error, req, reply) => {
    const { status, body } = toHttpError(error);
    if (status >= 500) req.log.error(error);
    void reply.code(status).header('cache-control', 'no-store').send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send({ error: `there is nothing at ${req.method} ${req.url.split('?')[0]}` });
  });

  // The API speaks JSON only: a text body is refused (415) rather than read as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  // Who is asking: a Bearer API token, or a session cookie (then state-changing requests need the
  // session's CSRF token in the X-CSRF-Token header).
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw new HttpError(401, 'the Authorization header must be "Bearer <token>"');
      const account = await accounts.byToken(match[1]!);
      if (!account) throw new HttpError(401, 'this API token is not valid (it may have been revoked)');
      req.auth = { account, via: 'token' };
      return;
    }
    const cookie = req.cookies[SESSION_COOKIE];
    if (cookie) {
      const session = await accounts.session(cookie);
      if (session) req.auth = { account: session.account, via: 'session', sessionId: session.sessionId, csrf: session.csrf };
    }
    const safe = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
    const exempt = req.url === '/api/auth/sign-in' || req.url === '/api/auth/sign-up';
    if (req.auth?.via === 'session' && !safe && !exempt) {
      const sent = req.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, req.auth.csrf!)) {
        throw new HttpError(403, 'missing or wrong CSRF token: send the X-CSRF-Token header given at sign-in (GET /api/me)');
      }
    }
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/health', async () => ({ ok: true }));

  registerAuthRoutes(app);
  registerGameRoutes(app);
  registerFeed(app);
  if (options.web !== false) registerWebApp(app);

  app.addHook('onClose', async () => {
    await hub.close();
    for (const thing of owned.reverse()) await thing.close().catch(() => undefined);
  });

  if (options.scheduler) {
    const started = await hub.start();
    app.log.info(`opened ${started.games} games, fired ${started.fired} missed timers${started.failed.length ? `; could not open ${started.failed.join(', ')}` : ''}`);
  }
  return app;
}
