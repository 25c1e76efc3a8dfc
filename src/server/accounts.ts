// Accounts, sign-in sessions, personal API tokens, game memberships and invite links, kept in the
// server's database (tables of migration 0002_accounts). Secrets are stored only as sha256 hashes.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { HttpError } from './errors.js';

export interface AccountsTable {
  id: string;
  name: string;
  password_hash: string;
  admin: number;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  csrf: string;
  created_at: string;
  expires_at: string;
}

export interface ApiTokensTable {
  id: string;
  account_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface MembershipsTable {
  game_id: string;
  account_id: string;
  role: string;
  joined_at: string;
}

export interface InvitesTable {
  token_hash: string;
  game_id: string;
  created_by: string;
  created_at: string;
}

export interface AccountsDB {
  accounts: AccountsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  memberships: MembershipsTable;
  invites: InvitesTable;
}

export interface Account {
  id: string;
  /** The person's name in every game: what the rules see as `person`. */
  name: string;
  admin: boolean;
  createdAt: string;
}

export interface SessionInfo {
  account: Account;
  sessionId: string;
  csrf: string;
}

export const SESSION_DAYS = 30;
export const NAME_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;
export const NAME_RULE = 'a name is 2 to 32 characters: lowercase letters, digits, "-" and "_", starting with a letter';

let dummyHash: Promise<string> | undefined;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function token(prefix: string): string {
  return `${prefix}${randomBytes(24).toString('base64url')}`;
}

function toAccount(row: AccountsTable): Account {
  return { id: row.id, name: row.name, admin: Number(row.admin) === 1, createdAt: row.created_at };
}

export class Accounts {
  constructor(private readonly db: Kysely<AccountsDB>, private readonly now: () => number = Date.now) {}

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  /** Creates an account; the first account on a server is its host administrator. */
  async signUp(name: string, password: string): Promise<Account> {
    if (!NAME_PATTERN.test(name)) throw new HttpError(400, NAME_RULE);
    if (password.length < 8) throw new HttpError(400, 'a password has at least 8 characters');
    const passwordHash = await argonHash(password);
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('accounts').select('id').where('name', '=', name).executeTakeFirst();
      if (taken) throw new HttpError(409, `the name "${name}" is taken`);
      const count = await trx.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const row: AccountsTable = { id: randomUUID(), name, password_hash: passwordHash, admin: Number(count.n) === 0 ? 1 : 0, created_at: this.iso() };
      await trx.insertInto('accounts').values(row).execute();
      return toAccount(row);
    });
  }

  /** The account when the password is right; one message for a wrong name or password. */
  async checkPassword(name: string, password: string): Promise<Account> {
    const row = await this.db.selectFrom('accounts').selectAll().where('name', '=', name.trim().toLowerCase()).executeTakeFirst();
    // An unknown name costs as much as a wrong password, so timing does not tell which names exist.
    dummyHash ??= argonHash('not a password of anyone');
    const ok = await argonVerify(row?.password_hash ?? (await dummyHash), password).catch(() => false);
    if (!row || !ok) throw new HttpError(401, 'wrong name or password');
    return toAccount(row);
  }

  /** Changes a password after checking the current one; every other session of the account ends. */
  async changePassword(account: Account, current: string, next: string, keepSessionId?: string): Promise<void> {
    const row = await this.db.selectFrom('accounts').select('password_hash').where('id', '=', account.id).executeTakeFirst();
    const ok = row ? await argonVerify(row.password_hash, current).catch(() => false) : false;
    if (!ok) throw new HttpError(403, 'the current password is wrong');
    if (next.length < 8) throw new HttpError(400, 'a password has at least 8 characters');
    const passwordHash = await argonHash(next);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', account.id).execute();
      let others = trx.deleteFrom('sessions').where('account_id', '=', account.id);
      if (keepSessionId) others = others.where('id', '!=', keepSessionId);
      await others.execute();
    });
  }

  async byName(name: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? toAccount(row) : undefined;
  }

  async list(): Promise<Account[]> {
    return (await this.db.selectFrom('accounts').selectAll().orderBy('created_at').execute()).map(toAccount);
  }

  // ---- sessions (cookie) ----

  /** A new session: the cookie value (returned once) and its CSRF token. */
  async startSession(account: Account): Promise<{ cookie: string; csrf: string }> {
    const cookie = token('s_');
    const csrf = token('c_');
    await this.db.insertInto('sessions').values({
      id: sha256(cookie), account_id: account.id, csrf, created_at: this.iso(), expires_at: this.iso(SESSION_DAYS * 86_400_000),
    }).execute();
    return { cookie, csrf };
  }

  async session(cookie: string): Promise<SessionInfo | undefined> {
    const row = await this.db.selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select(['sessions.id as sid', 'sessions.csrf', 'sessions.expires_at', 'accounts.id', 'accounts.name', 'accounts.admin', 'accounts.created_at', 'accounts.password_hash'])
      .where('sessions.id', '=', sha256(cookie))
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at < this.iso()) {
      await this.db.deleteFrom('sessions').where('id', '=', row.sid).execute();
      return undefined;
    }
    return { account: toAccount(row), sessionId: row.sid, csrf: row.csrf };
  }

  async endSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  // ---- API tokens (Bearer) ----

  async createToken(account: Account, name: string): Promise<{ id: string; name: string; token: string; createdAt: string }> {
    const secret = token('nmc_');
    const row: ApiTokensTable = { id: randomUUID().slice(0, 8), account_id: account.id, name, token_hash: sha256(secret), created_at: this.iso(), last_used_at: null };
    await this.db.insertInto('api_tokens').values(row).execute();
    return { id: row.id, name, token: secret, createdAt: row.created_at };
  }

  async listTokens(account: Account): Promise<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }[]> {
    const rows = await this.db.selectFrom('api_tokens').selectAll().where('account_id', '=', account.id).orderBy('created_at').execute();
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
  }

  async revokeToken(account: Account, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_tokens').where('id', '=', id).where('account_id', '=', account.id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async byToken(secret: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('api_tokens')
      .innerJoin('accounts', 'accounts.id', 'api_tokens.account_id')
      .select(['api_tokens.id as tid', 'accounts.id', 'accounts.name', 'accounts.admin', 'accounts.created_at', 'accounts.password_hash'])
      .where('api_tokens.token_hash', '=', sha256(secret))
      .executeTakeFirst();
    if (!row) return undefined;
    await this.db.updateTable('api_tokens').set({ last_used_at: this.iso() }).where('id', '=', row.tid).execute();
    return toAccount(row);
  }

  // ---- games: members and invites ----

  /** A member's role in a game: owner, member, or relay (a bot that submits inputs for persons). */
  async roleIn(gameId: string, account: Account | undefined): Promise<string | undefined> {
    if (!account) return undefined;
    const row = await this.db.selectFrom('memberships').select('role').where('game_id', '=', gameId).where('account_id', '=', account.id).executeTakeFirst();
    return row?.role;
  }

  /** Makes an account the game's relay (a Discord bot, a mail gateway), or a plain member again. */
  async setRelay(gameId: string, account: Account, relay: boolean): Promise<void> {
    const role = await this.roleIn(gameId, account);
    if (role === 'owner') return;
    if (role === undefined) {
      await this.db.insertInto('memberships').values({ game_id: gameId, account_id: account.id, role: relay ? 'relay' : 'member', joined_at: this.iso() }).execute();
      return;
    }
    await this.db.updateTable('memberships').set({ role: relay ? 'relay' : 'member' }).where('game_id', '=', gameId).where('account_id', '=', account.id).execute();
  }

  async addMember(gameId: string, account: Account, role: 'owner' | 'member'): Promise<void> {
    const existing = await this.db.selectFrom('memberships').select('role').where('game_id', '=', gameId).where('account_id', '=', account.id).executeTakeFirst();
    if (existing) return;
    await this.db.insertInto('memberships').values({ game_id: gameId, account_id: account.id, role, joined_at: this.iso() }).execute();
  }

  async isMember(gameId: string, account: Account | undefined): Promise<boolean> {
    if (!account) return false;
    const row = await this.db.selectFrom('memberships').select('role').where('game_id', '=', gameId).where('account_id', '=', account.id).executeTakeFirst();
    return row !== undefined;
  }

  async gamesOf(account: Account): Promise<Set<string>> {
    const rows = await this.db.selectFrom('memberships').select('game_id').where('account_id', '=', account.id).execute();
    return new Set(rows.map((r) => r.game_id));
  }

  async members(gameId: string): Promise<{ name: string; role: string; joinedAt: string }[]> {
    const rows = await this.db.selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select(['accounts.name', 'memberships.role', 'memberships.joined_at'])
      .where('memberships.game_id', '=', gameId)
      .orderBy('memberships.joined_at')
      .execute();
    return rows.map((r) => ({ name: r.name, role: r.role, joinedAt: r.joined_at }));
  }

  async createInvite(gameId: string, account: Account): Promise<string> {
    const secret = token('i_');
    await this.db.insertInto('invites').values({ token_hash: sha256(secret), game_id: gameId, created_by: account.id, created_at: this.iso() }).execute();
    return secret;
  }

  async inviteValid(gameId: string, secret: string): Promise<boolean> {
    const row = await this.db.selectFrom('invites').select('game_id').where('token_hash', '=', sha256(secret)).executeTakeFirst();
    return row?.game_id === gameId;
  }
}
