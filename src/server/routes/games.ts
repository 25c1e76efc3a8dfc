// Game routes: list, create (preset or pasted ruleset), invite, join, read (state, rules with
// history, proposals, players, judgments, log) as the person may see it, act, preview, say; the
// proposal parser; the rule API's types for the code editor; and the test-only clock.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { viewFor } from '../../engine/games.js';
import { getPreset, presetNames } from '../../engine/presets.js';
import { formatChanges, parseProposal } from '../../formats/proposal.js';
import type { Change } from '../../kernel/changes.js';
import type { GameRecord } from '../../kernel/store.js';
import type { GameState, Input, JsonObject, LogEntry } from '../../kernel/types.js';
import { GameExistsError } from '../../storage/errors.js';
import type { Account } from '../accounts.js';
import { requireAccount } from '../context.js';
import { HttpError } from '../errors.js';
import { checkRuleCode } from '../typecheck.js';
import { describeInput, objectsOfTypeFor, rulesetView, scoreSeries, stateAt, viewEntry } from '../view.js';

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

const joinArgs = z.record(z.string(), z.unknown()).default({});

const createBody = z.object({
  preset: z.string().min(1).max(100).optional(),
  ruleset: z.string().min(1, 'the ruleset is empty').max(5_000_000).optional(),
  title: z.string().trim().min(1).max(200).optional(),
  id: z.string().regex(GAME_ID, 'a game id is 1 to 40 lowercase letters, digits and "-"').optional(),
  visibility: z.enum(['public', 'private']).default('public'),
  join: z.boolean().default(false),
  /** What the ruleset's join action asks for (Nomic I: a surname). */
  joinArgs,
}).strict().refine((b) => (b.preset === undefined) !== (b.ruleset === undefined), { message: 'start a game from a preset or from a ruleset (exactly one of "preset" and "ruleset")' });

const actionBody = z.object({
  action: z.string().min(1, 'name the action').max(100),
  args: z.record(z.string(), z.unknown()).default({}),
  as: z.string().min(1).max(100).optional(),
}).strict();

const sayBody = z.object({
  text: z.string().min(1, 'the message is empty').max(20_000),
  channel: z.string().min(1).max(100).optional(),
}).strict();

const joinBody = z.object({ invite: z.string().max(200).optional(), args: joinArgs }).strict();
const parseBody = z.object({ text: z.string().max(200_000) }).strict();
const codeBody = z.object({ code: z.string().max(200_000) }).strict();
const medium = z.object({
  channel: z.string().max(200).optional(), messageId: z.string().max(200).optional(), subject: z.string().max(1000).optional(),
  recipients: z.array(z.string().max(320)).max(100).optional(), timestamp: z.number().optional(), edited: z.boolean().optional(),
}).strict();
const person = z.string().trim().min(1).max(100);
/** What a relay (a bot, a gateway) submits for a person: the person's own deed, with its medium. */
const relayInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('action'), person, action: z.string().min(1).max(100), args: z.record(z.string(), z.any()).default({}), as: z.string().max(200).optional(), medium: medium.optional(), at: z.number().optional() }).strict(),
  z.object({ kind: z.literal('message'), person, text: z.string().max(100_000), medium: medium.optional(), at: z.number().optional() }).strict(),
  z.object({ kind: z.literal('edit'), person, messageId: z.string().min(1).max(200), text: z.string().max(100_000), medium: medium.optional(), at: z.number().optional() }).strict(),
  z.object({ kind: z.literal('delete'), person, messageId: z.string().min(1).max(200), medium: medium.optional(), at: z.number().optional() }).strict(),
  z.object({ kind: z.literal('presence'), person, status: z.string().max(100), medium: medium.optional(), at: z.number().optional() }).strict(),
]);
const relayBody = z.object({ input: relayInput }).strict();
const relayGrant = z.object({ account: z.string().min(1).max(100), relay: z.boolean().default(true) }).strict();
const previewChangesBody = z.object({ text: z.string().max(200_000).optional(), changes: z.array(z.record(z.string(), z.any())).max(500).optional() }).strict()
  .refine((b) => b.text !== undefined || b.changes !== undefined, { message: 'send the proposal\'s text or its changes' });
const clockBody = z.object({ advanceMs: z.number().int().min(0).max(366 * 86_400_000) }).strict();
const logQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
const rulesQuery = z.object({ seq: z.coerce.number().int().min(0).optional() });

type Params = { Params: { id: string } };

interface Access {
  record: GameRecord;
  account: Account | undefined;
  person: string | undefined;
  member: boolean;
}

function changesText(changes: unknown): string | null {
  if (!Array.isArray(changes)) return null;
  try {
    return formatChanges(changes as Change[]);
  } catch {
    return null;
  }
}

const KERNEL_DIR = new URL('../../kernel/', import.meta.url);

export function registerGameRoutes(app: FastifyInstance): void {
  const { accounts, games, hub, store, clock } = app.nomicon;

  /** The game and whether the asker may read it (`act`: and act in it). */
  const access = async (req: FastifyRequest<Params>, need: 'read' | 'act'): Promise<Access> => {
    const id = req.params.id;
    const record = GAME_ID.test(id) ? await store.getGame(id) : undefined;
    if (!record) throw new HttpError(404, `there is no game "${id}"`);
    const account = req.auth?.account;
    const member = await accounts.isMember(id, account);
    if (need === 'act') {
      if (!account) throw new HttpError(401, 'sign in to play');
      if (!member) throw new HttpError(403, `you are not in game "${id}": join it first`);
    } else if (record.meta.visibility === 'private' && !member && !account?.admin) {
      if (!account) throw new HttpError(401, `game "${id}" is private: sign in`);
      throw new HttpError(403, `game "${id}" is private: ask one of its players for an invite link`);
    }
    return { record, account, person: account?.name, member };
  };

  const stateOf = async (a: Access): Promise<GameState> => (await hub.game(a.record.id, a.record.seq)).state;

  /** An entry's outcome as a response: 200 when it happened, 422 with the rules' reason when not. */
  const outcome = (reply: FastifyReply, entry: LogEntry, person: string, state?: GameState) => {
    const seen = viewEntry(entry, person, state);
    const body = { seq: entry.seq, status: entry.outcome.status, ...(entry.outcome.message ? { message: entry.outcome.message } : {}), ...(entry.outcome.rule ? { rule: entry.outcome.rule } : {}), result: entry.outcome.result ?? null, outcome: seen.outcome };
    if (entry.outcome.status !== 'ok') {
      reply.code(422);
      return { error: entry.outcome.message ?? `the action was ${entry.outcome.status}`, ...body };
    }
    return body;
  };

  const summary = (record: GameRecord, member: boolean) => ({
    id: record.id,
    title: String(record.meta.title ?? record.id),
    preset: record.meta.preset ?? null,
    visibility: record.meta.visibility === 'private' ? 'private' : 'public',
    owner: record.meta.owner ?? null,
    createdAt: typeof record.meta.createdAt === 'number' ? new Date(record.meta.createdAt).toISOString() : null,
    seq: record.seq,
    member,
  });

  // ---- the server's catalogue ----

  app.get('/api/presets', async () => ({
    presets: presetNames().map((name) => {
      const p = getPreset(name);
      return { name, title: p.title, description: p.description };
    }),
  }));

  app.get('/api/rule-api', async (req, reply) => {
    const files = ['rule-api.ts', 'changes.ts', 'types.ts'].map((f) => `// ---- ${f} ----\n${readFileSync(new URL(f, KERNEL_DIR), 'utf8')}`);
    void reply.type('text/plain; charset=utf-8');
    return files.join('\n');
  });

  app.post('/api/parse-proposal', async (req) => {
    const { text } = parseBody.parse(req.body);
    const parsed = parseProposal(text);
    return { changes: parsed.changes, notes: parsed.notes, formatted: changesText(parsed.changes) };
  });

  app.post('/api/check-code', async (req) => {
    requireAccount(req);
    const { code } = codeBody.parse(req.body);
    return checkRuleCode(code);
  });

  app.post('/api/test/clock', async (req) => {
    requireAccount(req);
    if (!app.nomicon.advanceClock) throw new HttpError(403, 'this server has no test clock: it moves with real time');
    const { advanceMs } = clockBody.parse(req.body);
    const now = await app.nomicon.advanceClock(advanceMs);
    return { now: new Date(now).toISOString(), serverNow: now };
  });

  // ---- games ----

  app.get('/api/games', async (req) => {
    const account = req.auth?.account;
    const mine = account ? await accounts.gamesOf(account) : new Set<string>();
    const records = await store.listGames();
    const visible = records.filter((r) => r.meta.visibility !== 'private' || mine.has(r.id) || account?.admin === true);
    return { games: visible.map((r) => summary(r, mine.has(r.id))) };
  });

  app.post('/api/games', async (req, reply) => {
    const account = requireAccount(req);
    const body = createBody.parse(req.body);
    if (body.preset !== undefined && !presetNames().includes(body.preset)) {
      throw new HttpError(400, `there is no preset "${body.preset}"; the presets are ${presetNames().join(', ')}`);
    }
    if (body.id !== undefined && (await store.getGame(body.id))) throw new GameExistsError(body.id);
    let created;
    try {
      created = await games.create({ id: body.id, title: body.title, preset: body.preset, ruleset: body.ruleset, visibility: body.visibility, owner: account.name });
    } catch (error) {
      if (error instanceof GameExistsError || error instanceof HttpError) throw error;
      const message = (error as Error).message ?? String(error);
      throw new HttpError(/could not start/.test(message) ? 422 : 400, message);
    }
    const id = created.game.id;
    await accounts.addMember(id, account, 'owner');
    await hub.game(id); // watched from now on: its timers are scheduled, its feed is live
    let join: JsonObject | undefined;
    if (body.join) {
      const entry = await hub.write(id, () => games.act(id, account.name, 'join', body.joinArgs as JsonObject));
      join = { status: entry.outcome.status, ...(entry.outcome.message ? { message: entry.outcome.message } : {}) };
    }
    reply.code(201);
    const record = (await store.getGame(id))!;
    return { game: summary(record, true), warnings: created.warnings, ...(join ? { join } : {}) };
  });

  app.get<Params>('/api/games/:id', async (req) => {
    const a = await access(req, 'read');
    const state = await stateOf(a);
    const game = viewFor(state, a.person)['game/game'];
    const player = a.person ? state.objects[`player/${a.person}`] : undefined;
    return {
      game: summary(a.record, a.member),
      seq: state.seq,
      now: state.now,
      serverNow: clock(),
      attrs: game?.attrs ?? {},
      me: a.account ? { name: a.account.name, member: a.member, player: player !== undefined, admin: a.account.admin } : null,
    };
  });

  app.get<Params>('/api/games/:id/members', async (req) => {
    const a = await access(req, 'read');
    return { members: await accounts.members(a.record.id) };
  });

  app.post<Params>('/api/games/:id/invites', async (req, reply) => {
    const a = await access(req, 'act');
    const invite = await accounts.createInvite(a.record.id, a.account!);
    reply.code(201);
    return { invite, path: `/#/join/${a.record.id}/${invite}` };
  });

  app.post<Params>('/api/games/:id/join', async (req, reply) => {
    const account = requireAccount(req);
    const { invite, args } = joinBody.parse(req.body ?? {});
    const id = req.params.id;
    const record = GAME_ID.test(id) ? await store.getGame(id) : undefined;
    if (!record) throw new HttpError(404, `there is no game "${id}"`);
    const member = await accounts.isMember(id, account);
    if (!member && record.meta.visibility === 'private') {
      if (!invite) throw new HttpError(403, `game "${id}" is private: you need an invite link`);
      if (!(await accounts.inviteValid(id, invite))) throw new HttpError(403, 'this invite link is not valid for this game');
    }
    await accounts.addMember(id, account, 'member');
    const entry = await hub.write(id, () => games.act(id, account.name, 'join', args as JsonObject));
    return { member: true, ...outcome(reply, entry, account.name) };
  });

  app.get<Params>('/api/games/:id/state', async (req) => {
    const a = await access(req, 'read');
    const state = await stateOf(a);
    return { seq: state.seq, now: state.now, objects: viewFor(state, a.person) };
  });

  app.get<Params>('/api/games/:id/actions', async (req) => {
    const a = await access(req, 'read');
    const game = await hub.game(a.record.id, a.record.seq);
    const catalog = await game.catalog();
    return { actions: catalog.flatMap((c) => c.actions.map((action) => ({ ...action, rule: c.rule }))) };
  });

  app.get<Params & { Querystring: Record<string, string> }>('/api/games/:id/rules', async (req) => {
    const a = await access(req, 'read');
    const { seq } = rulesQuery.parse(req.query);
    const current = await stateOf(a);
    const state = seq === undefined || seq >= current.seq ? current : await stateAt(store, a.record.id, a.record.meta, seq);
    return { seq: state.seq, now: state.now, ...rulesetView(state, a.record.meta.preset) };
  });

  app.get<{ Params: { id: string; number: string } }>('/api/games/:id/rules/:number', async (req) => {
    const a = await access(req as FastifyRequest<Params>, 'read');
    const { rules, repealed } = rulesetView(await stateOf(a), a.record.meta.preset);
    const n = req.params.number;
    const rule = rules.find((r) => r.number === n) ?? rules.find((r) => r.id === n) ?? repealed.filter((r) => r.number === n).pop();
    if (!rule) throw new HttpError(404, `there is no rule ${n} in game "${a.record.id}"`);
    return { rule };
  });

  app.get<Params>('/api/games/:id/proposals', async (req) => {
    const a = await access(req, 'read');
    const proposals = objectsOfTypeFor(await stateOf(a), 'proposal', a.person).map((p): JsonObject => ({ ...p, changesText: changesText(p.changes) }));
    const rank = (p: JsonObject) => (p.status === 'voting' ? 0 : p.status === 'pending' ? 1 : 2);
    proposals.sort((x, y) => rank(x) - rank(y) ||
      (rank(x) === 1 ? Number(x.queuePosition ?? 1e9) - Number(y.queuePosition ?? 1e9) : Number(y.createdAt ?? 0) - Number(x.createdAt ?? 0)));
    return { proposals };
  });

  app.get<Params>('/api/games/:id/players', async (req) => {
    const a = await access(req, 'read');
    return { players: objectsOfTypeFor(await stateOf(a), 'player', a.person) };
  });

  app.get<Params>('/api/games/:id/scores', async (req) => {
    const a = await access(req, 'read');
    const state = await stateOf(a);
    return scoreSeries(store, a.record.id, a.record.meta, state.seq);
  });

  app.get<Params>('/api/games/:id/judgments', async (req) => {
    const a = await access(req, 'read');
    const judgments = objectsOfTypeFor(await stateOf(a), 'judgment', a.person);
    judgments.sort((x, y) => Number(y.invokedAt ?? 0) - Number(x.invokedAt ?? 0));
    return { judgments };
  });

  app.get<{ Params: { id: string; type: string } }>('/api/games/:id/objects/:type', async (req) => {
    const a = await access(req as FastifyRequest<Params>, 'read');
    return { objects: objectsOfTypeFor(await stateOf(a), req.params.type, a.person) };
  });

  app.get<Params & { Querystring: Record<string, string> }>('/api/games/:id/log', async (req) => {
    const a = await access(req, 'read');
    const q = logQuery.parse(req.query);
    const state = await stateOf(a);
    let after = q.after ?? 0;
    let limit = q.limit;
    if (q.before !== undefined) {
      const end = Math.min(q.before - 1, state.seq);
      after = Math.max(0, end - q.limit);
      limit = end - after;
    } else if (q.after === undefined) {
      after = Math.max(0, state.seq - q.limit);
    }
    const entries = limit > 0 ? await store.read(a.record.id, after, limit) : [];
    return {
      seq: state.seq,
      entries: entries.map((e) => ({ ...viewEntry(e, a.person, state), summary: describeInput(e) })),
    };
  });

  // ---- playing ----

  const actionInput = (req: FastifyRequest, person: string): { action: string; args: JsonObject; as?: string } => {
    const raw = req.body;
    if (raw && typeof raw === 'object' && 'person' in raw && (raw as { person: unknown }).person !== person) {
      throw new HttpError(403, `you act only as yourself (${person}); "as" names an agent the rules may let you act as`);
    }
    const { person: _p, ...rest } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const body = actionBody.parse(raw === undefined || raw === null ? raw : rest);
    return { action: body.action, args: body.args as JsonObject, ...(body.as !== undefined ? { as: body.as } : {}) };
  };

  // Inputs from the web app and the API carry no channel: the engine is their designated place.
  app.post<Params>('/api/games/:id/actions', async (req, reply) => {
    const a = await access(req, 'act');
    const person = a.person!;
    const { action, args, as } = actionInput(req, person);
    const id = a.record.id;
    const entry = await hub.write(id, () => games.act(id, person, action, args, { as }));
    return outcome(reply, entry, person, (await hub.game(id)).state);
  });

  app.post<Params>('/api/games/:id/preview', async (req) => {
    const a = await access(req, 'act');
    const person = a.person!;
    const { action, args, as } = actionInput(req, person);
    const input: Input = { kind: 'action', at: clock(), person, action, args, ...(as ? { as } : {}) };
    await hub.game(a.record.id, a.record.seq);
    const result = await games.preview(a.record.id, input);
    const state = (await hub.game(a.record.id)).state;
    const seen = viewEntry({ seq: 0, input, outcome: result, hash: '' }, person, state);
    return { wouldBe: result.status, ...(result.message ? { message: result.message } : {}), result: result.result ?? null, outcome: seen.outcome };
  });

  // A relay is an account the game's owner trusts to submit persons' inputs as its medium
  // delivered them (a Discord bot, a mail gateway). It translates; the rules still decide.
  app.post<Params>('/api/games/:id/relays', async (req) => {
    const a = await access(req, 'act');
    if ((await accounts.roleIn(a.record.id, a.account)) !== 'owner') throw new HttpError(403, 'only the game\'s owner may name its relays');
    const body = relayGrant.parse(req.body);
    const relay = await accounts.byName(body.account);
    if (!relay) throw new HttpError(404, `there is no account "${body.account}"`);
    await accounts.setRelay(a.record.id, relay, body.relay);
    return { account: relay.name, relay: body.relay };
  });

  app.post<Params>('/api/games/:id/inputs', async (req, reply) => {
    const a = await access(req, 'act');
    if ((await accounts.roleIn(a.record.id, a.account)) !== 'relay') {
      throw new HttpError(403, 'only a relay of this game (named by its owner) may submit inputs for other persons');
    }
    const { input } = relayBody.parse(req.body);
    const now = clock();
    // The medium's own time orders inputs after downtime, but never ahead of the server's clock.
    const at = Math.min(input.at ?? now, now);
    const id = a.record.id;
    const entry = await hub.write(id, () => games.submit(id, { ...input, at } as Input));
    return outcome(reply, entry, input.person, (await hub.game(id)).state);
  });

  // A proposal as if adopted now: its English parsed (or its changes as given), applied to a
  // throwaway copy through the checks an adopted proposal meets. Nothing changes.
  app.post<Params>('/api/games/:id/preview-changes', async (req) => {
    const a = await access(req, 'read');
    const body = previewChangesBody.parse(req.body);
    const changes = (body.changes ?? parseProposal(body.text ?? '').changes) as unknown as JsonObject[];
    await hub.game(a.record.id, a.record.seq);
    const result = await games.previewChanges(a.record.id, changes, a.person);
    const warnings = result.happenings.flatMap((h) => {
      const p = h.payload as JsonObject;
      if (h.event === 'code-out-of-date') return [`rule ${p.rule}'s code would be out of date (its text no longer says what the code reads: ${p.param}); people would enforce it until new code is adopted`];
      if (h.event === 'manual-change') return [`people would have to apply: ${p.text}`];
      return [];
    });
    const rulesChanged = result.happenings.filter((h) => h.event === 'rule-changed').map((h) => h.payload);
    return { wouldBe: result.status, ...(result.message ? { message: result.message } : {}), changes, warnings, rulesChanged, effects: result.effects.length };
  });

  app.post<Params>('/api/games/:id/say', async (req, reply) => {
    const a = await access(req, 'act');
    const { text, channel } = sayBody.parse(req.body);
    const id = a.record.id;
    const entry = await hub.write(id, () => games.say(id, a.person!, text, channel ? { channel } : {}));
    return outcome(reply, entry, a.person!);
  });
}
