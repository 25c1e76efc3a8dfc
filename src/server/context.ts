// What every route shares: the request's signed-in account, the server's services, and the
// cookie and header names of sessions.
import type { FastifyRequest } from 'fastify';
import type { GameService } from '../engine/games.js';
import type { EventStore } from '../kernel/store.js';
import type { Account, Accounts } from './accounts.js';
import type { ServerOptions } from './app.js';
import { HttpError } from './errors.js';
import type { GameHub } from './hub.js';

export interface Auth {
  account: Account;
  via: 'session' | 'token';
  sessionId?: string;
  csrf?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Auth;
  }
  interface FastifyInstance {
    nomicon: ServerContext;
  }
}

export interface ServerContext {
  accounts: Accounts;
  games: GameService;
  hub: GameHub;
  store: EventStore;
  clock: () => number;
  options: ServerOptions;
  /** Moves the test clock (only when options.testClock). */
  advanceClock?: (ms: number) => Promise<number>;
}

export const SESSION_COOKIE = 'nomicon_session';
export const CSRF_HEADER = 'x-csrf-token';

/** The signed-in account, or a 401 saying how to sign in. */
export function requireAccount(req: FastifyRequest): Account {
  if (!req.auth) throw new HttpError(401, 'sign in first (or send an API token as "Authorization: Bearer ...")');
  return req.auth.account;
}
