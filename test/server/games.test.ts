// API tests for games: create, list, invite, join, read as a person may, act, preview, say, the
// test clock, and authorization (nobody acts for another person; non-members neither act nor read
// private games).
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR, signUp, testServer, type Person } from './helpers.js';

let app: FastifyInstance;
let alice: Person;
let bob: Person;
let carol: Person;

beforeEach(async () => {
  app = await testServer({ testClock: true });
  alice = await signUp(app, 'alice');
  bob = await signUp(app, 'bob');
  carol = await signUp(app, 'carol');
});
afterEach(async () => {
  await app.close();
});

async function newGame(by: Person, body: Record<string, unknown> = {}): Promise<string> {
  const response = await by.post('/api/games', { preset: 'nomic-v', join: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().game.id;
}

describe('the catalogue', () => {
  it('lists the presets, gives the rule API types and parses proposals', async () => {
    const presets = (await app.inject({ url: '/api/presets' })).json().presets;
    expect(presets.map((p: { name: string }) => p.name)).toContain('nomic-v');
    const api = await app.inject({ url: '/api/rule-api' });
    expect(api.headers['content-type']).toMatch(/text\/plain/);
    expect(api.body).toContain('export interface RuleApi');
    const parsed = await alice.post('/api/parse-proposal', { text: 'Amend Rule 212 by replacing "100 (positive) points" with "200 (positive) points".' });
    expect(parsed.statusCode).toBe(200);
    expect(parsed.json().changes[0]).toHaveProperty('amend');
    expect((await alice.post('/api/parse-proposal', { text: 7 })).statusCode).toBe(400);
  });

  it('type-checks rule code against the rule API for signed-in people', async () => {
    const bad = await alice.post('/api/check-code', { code: "import type { RuleApi } from 'nomicon';\nexport default function (api: RuleApi) {\n  api.nope();\n}\n" });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ available: true, diagnostics: [{ line: 3, column: 7, message: "Property 'nope' does not exist on type 'RuleApi'." }] });
    const good = await alice.post('/api/check-code', { code: "import type { RuleApi } from '../../../kernel/rule-api.js';\nexport default function (api: RuleApi) { api.on('x', () => api.log('hi')); }\n" });
    expect(good.json().diagnostics).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/check-code', payload: { code: '' } })).statusCode).toBe(401);
  });
});

describe('creating games', () => {
  it('creates a nomic-v game whose creator joins as a player', async () => {
    const response = await alice.post('/api/games', { preset: 'nomic-v', title: 'Friday Nomic', join: true });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.game).toMatchObject({ title: 'Friday Nomic', preset: 'nomic-v', visibility: 'public', owner: 'alice', member: true });
    expect(body.join).toEqual({ status: 'ok' });
    const players = (await alice.get(`/api/games/${body.game.id}/players`)).json().players;
    expect(players.map((p: { id: string }) => p.id)).toEqual(['alice']);
  });

  it('creates a game from a pasted ruleset and returns the importer\'s warnings', async () => {
    const ruleset = 'Rule 101\nAll players must always abide by all the rules then in effect.\n\nRule 102\nPlayers may propose rule-changes.\n';
    const response = await alice.post('/api/games', { ruleset, title: 'Pasted' });
    expect(response.statusCode, response.body).toBe(201);
    expect(Array.isArray(response.json().warnings)).toBe(true);
    const id = response.json().game.id;
    const rules = (await alice.get(`/api/games/${id}/rules`)).json().rules;
    expect(rules.map((r: { number: string }) => r.number)).toEqual(['101', '102']);
    expect(rules[0]).toMatchObject({ mechanized: false, code: null });
    expect(rules[0].enforcedByPeople).toMatch(/no code/);
  });

  it('refuses bad requests with messages', async () => {
    const unknown = await alice.post('/api/games', { preset: 'nomic-zzz' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/no preset "nomic-zzz".*nomic-v/);
    const both = await alice.post('/api/games', { preset: 'nomic-v', ruleset: 'Rule 1\nx' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatch(/exactly one/);
    const neither = await alice.post('/api/games', {});
    expect(neither.statusCode).toBe(400);
    const empty = await alice.post('/api/games', { ruleset: 'nothing that looks like a rule' });
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
    const badId = await alice.post('/api/games', { preset: 'nomic-v', id: 'Bad Id!' });
    expect(badId.statusCode).toBe(400);
    await newGame(alice, { id: 'friday' });
    const taken = await alice.post('/api/games', { preset: 'nomic-v', id: 'friday' });
    expect(taken.statusCode).toBe(409);
    const anonymous = await app.inject({ method: 'POST', url: '/api/games', payload: { preset: 'nomic-v' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('visibility, invites and joining', () => {
  it('lists public games to everyone and private ones to members and the administrator', async () => {
    const pub = await newGame(bob, { title: 'open' });
    const priv = await newGame(bob, { title: 'closed', visibility: 'private' });
    const anon = (await app.inject({ url: '/api/games' })).json().games.map((g: { id: string }) => g.id);
    expect(anon).toContain(pub);
    expect(anon).not.toContain(priv);
    expect((await carol.get('/api/games')).json().games.map((g: { id: string }) => g.id)).not.toContain(priv);
    expect((await bob.get('/api/games')).json().games.map((g: { id: string }) => g.id)).toContain(priv);
    expect((await alice.get('/api/games')).json().games.map((g: { id: string }) => g.id)).toContain(priv); // host administrator
  });

  it('keeps a private game from non-members until they join with an invite link', async () => {
    const id = await newGame(bob, { visibility: 'private' });
    for (const path of ['', '/state', '/rules', '/proposals', '/players', '/scores', '/judgments', '/log', '/members', '/actions', '/objects/timer', '/rules/101']) {
      const response = await carol.get(`/api/games/${id}${path}`);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error).toMatch(/private/);
    }
    expect((await app.inject({ url: `/api/games/${id}/state` })).statusCode).toBe(401);
    const noInvite = await carol.post(`/api/games/${id}/join`, {});
    expect(noInvite.statusCode).toBe(403);
    const forged = await carol.post(`/api/games/${id}/join`, { invite: 'i_forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toMatch(/invite link is not valid/);
    expect((await carol.post(`/api/games/${id}/invites`)).statusCode).toBe(403);

    const invite = await bob.post(`/api/games/${id}/invites`);
    expect(invite.statusCode).toBe(201);
    expect(invite.json().path).toContain(`/join/${id}/`);
    const other = await newGame(bob, { visibility: 'private' });
    expect((await carol.post(`/api/games/${other}/join`, { invite: invite.json().invite })).statusCode).toBe(403);
    const joined = await carol.post(`/api/games/${id}/join`, { invite: invite.json().invite });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ member: true, status: 'ok' });
    expect((await carol.get(`/api/games/${id}/state`)).statusCode).toBe(200);
    expect((await carol.get(`/api/games/${id}/members`)).json().members.map((m: { name: string }) => m.name)).toEqual(['bob', 'carol']);
  });

  it('joins a public game through the game\'s own join action; its refusal is a 422 with the rule\'s words', async () => {
    const id = await newGame(alice);
    const joined = await bob.post(`/api/games/${id}/join`, {});
    expect(joined.statusCode).toBe(200);
    expect(joined.json().status).toBe('ok');
    const again = await bob.post(`/api/games/${id}/join`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toMatch(/Rule 216/);
    expect((await bob.post('/api/games/nope/join', {})).statusCode).toBe(404);
  });

  it('passes what the ruleset asks of a joining player (Nomic I: a surname) to its join action', async () => {
    const created = await alice.post('/api/games', { preset: 'nomic-i', title: 'Surnames', join: true, joinArgs: { surname: 'Zed' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().join.status).toBe('ok');
    const id = created.json().game.id;
    const named = await bob.post(`/api/games/${id}/join`, { args: { surname: 'Abel' } });
    expect(named.statusCode).toBe(200);
    const players = JSON.stringify((await bob.get(`/api/games/${id}/players`)).json());
    expect(players).toContain('Abel');
    expect(players).toContain('Zed');
  });
});

describe('acting in a game', () => {
  let id: string;
  beforeEach(async () => {
    id = await newGame(alice);
    expect((await bob.post(`/api/games/${id}/join`, {})).statusCode).toBe(200);
  });

  it('performs an action as the signed-in person and shows its result', async () => {
    const proposed = await alice.post(`/api/games/${id}/actions`, { action: 'propose', args: { title: 'Richer', text: 'Amend Rule 212 by replacing "100 (positive) points" with "200 (positive) points".' } });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'ok', result: 'proposal/1' });
    const proposals = (await carol.get(`/api/games/${id}/proposals`)).json().proposals;
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ id: '1', key: 'proposal/1', author: 'alice', status: 'pending', title: 'Richer' });
    expect(proposals[0].changes[0]).toHaveProperty('amend');
  });

  it('refuses anyone acting for another person', async () => {
    const asPerson = await bob.post(`/api/games/${id}/actions`, { action: 'propose', person: 'alice', args: { text: 'Repeal Rule 212.' } });
    expect(asPerson.statusCode).toBe(403);
    expect(asPerson.json().error).toMatch(/only as yourself \(bob\)/);
    const asAgent = await bob.post(`/api/games/${id}/actions`, { action: 'propose', as: 'alice', args: { text: 'Repeal Rule 212.' } });
    expect(asAgent.statusCode).toBe(422);
    expect(asAgent.json().error).toBe('bob may not act as alice');
    expect((await alice.get(`/api/games/${id}/proposals`)).json().proposals).toHaveLength(0);
  });

  it('refuses non-members and signed-out people', async () => {
    const response = await carol.post(`/api/games/${id}/actions`, { action: 'propose', args: { text: 'Repeal Rule 212.' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/join it first/);
    expect((await carol.post(`/api/games/${id}/say`, { text: 'hello' })).statusCode).toBe(403);
    expect((await carol.post(`/api/games/${id}/preview`, { action: 'join' })).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: `/api/games/${id}/actions`, payload: { action: 'join' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the rules\' refusals with 422 and their message, and bad bodies with 400', async () => {
    const noProposal = await bob.post(`/api/games/${id}/actions`, { action: 'endorse', args: { proposal: 99 } });
    expect(noProposal.statusCode).toBe(422);
    expect(noProposal.json()).toMatchObject({ status: 'refused', error: 'there is no proposal 99' });
    const unknown = await bob.post(`/api/games/${id}/actions`, { action: 'fly', args: {} });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toBeTruthy();
    const badArgs = await bob.post(`/api/games/${id}/actions`, { action: 'propose', args: 'text' });
    expect(badArgs.statusCode).toBe(400);
    expect(badArgs.json().error).toMatch(/args/);
    const noAction = await bob.post(`/api/games/${id}/actions`, { args: {} });
    expect(noAction.statusCode).toBe(400);
    const badJson = await app.inject({ method: 'POST', url: `/api/games/${id}/actions`, headers: { cookie: bob.cookie, 'x-csrf-token': bob.csrf, 'content-type': 'application/json' }, payload: '{oops' });
    expect(badJson.statusCode).toBe(400);
    expect((await bob.post('/api/games/no-such-game/actions', { action: 'join' })).statusCode).toBe(404);
    expect((await bob.post('/api/games/..%2F..%2Fetc/actions', { action: 'join' })).statusCode).toBe(404);
  });

  it('previews an action without changing the game', async () => {
    const before = (await alice.get(`/api/games/${id}`)).json().seq;
    const preview = await alice.post(`/api/games/${id}/preview`, { action: 'propose', args: { text: 'Repeal Rule 212.' } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ wouldBe: 'ok', result: 'proposal/1' });
    expect(preview.json().outcome.effects.length).toBeGreaterThan(0);
    const refused = await alice.post(`/api/games/${id}/preview`, { action: 'endorse', args: { proposal: 5 } });
    expect(refused.json()).toMatchObject({ wouldBe: 'refused', message: 'there is no proposal 5' });
    expect((await alice.get(`/api/games/${id}`)).json().seq).toBe(before);
    expect((await alice.get(`/api/games/${id}/proposals`)).json().proposals).toHaveLength(0);
  });

  it('posts free messages and pages through the log', async () => {
    const said = await bob.post(`/api/games/${id}/say`, { text: 'hello all', channel: 'general' });
    expect(said.statusCode).toBe(200);
    expect((await bob.post(`/api/games/${id}/say`, { text: '' })).statusCode).toBe(400);
    const log = (await carol.get(`/api/games/${id}/log?limit=2`)).json();
    expect(log.entries).toHaveLength(2);
    const last = log.entries[1];
    expect(last.input).toMatchObject({ kind: 'message', person: 'bob', text: 'hello all' });
    expect(last.summary).toBe('bob said in general');
    const first = (await carol.get(`/api/games/${id}/log?after=0&limit=1`)).json().entries;
    expect(first[0]).toMatchObject({ seq: 1, summary: 'the game began' });
    const before = (await carol.get(`/api/games/${id}/log?before=3&limit=10`)).json().entries;
    expect(before.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect((await carol.get(`/api/games/${id}/log?limit=9999`)).statusCode).toBe(400);
    expect((await carol.get(`/api/games/${id}/log?after=abc`)).statusCode).toBe(400);
  });

  it('reads the game, state, actions, players, judgments, objects and one rule', async () => {
    const game = (await carol.get(`/api/games/${id}`)).json();
    expect(game).toMatchObject({ game: { id, preset: 'nomic-v' }, attrs: { turn: 1 }, me: { name: 'carol', member: false, player: false } });
    expect(typeof game.serverNow).toBe('number');
    const state = (await alice.get(`/api/games/${id}/state`)).json();
    expect(state.objects['player/alice'].attrs.points).toBe(0);
    const actions = (await alice.get(`/api/games/${id}/actions`)).json().actions;
    expect(actions).toContainEqual(expect.objectContaining({ name: 'propose', rule: '201' }));
    const players = (await app.inject({ url: `/api/games/${id}/players` })).json().players;
    expect(players.map((p: { id: string; points: number }) => [p.id, p.points])).toEqual([['alice', 0], ['bob', 0]]);
    expect((await alice.get(`/api/games/${id}/judgments`)).json().judgments).toEqual([]);
    const { series } = (await alice.get(`/api/games/${id}/scores`)).json();
    expect(series.points.at(-1).values).toEqual({ alice: 0, bob: 0 });
    expect(series.points[0].values).toEqual({ alice: 0 });
    expect((await alice.get(`/api/games/${id}/objects/timer`)).json().objects[0]).toMatchObject({ id: 'turn-end' });
    const rule = (await alice.get(`/api/games/${id}/rules/203`)).json().rule;
    expect(rule).toMatchObject({ number: '203', mechanized: true, enforcedByPeople: null });
    expect(rule.code).toContain('api.param');
    expect(rule.history[0]).toMatchObject({ kind: 'imported', cause: 'preset nomic-v' });
    const people = (await alice.get(`/api/games/${id}/rules/101`)).json().rule;
    expect(people.mechanized).toBe(false);
    expect(people.enforcedByPeople).toMatch(/Obedience/);
    expect((await alice.get(`/api/games/${id}/rules/999`)).statusCode).toBe(404);
    expect((await alice.get(`/api/games/${id}/rules?seq=abc`)).statusCode).toBe(400);
  });

  it('judgments: invoke, judge and overrule through the game\'s actions', async () => {
    const invoked = await alice.post(`/api/games/${id}/actions`, { action: 'invoke-judgment', args: { question: 'May bob vote twice?' } });
    expect(invoked.statusCode, invoked.body).toBe(200);
    const [judgment] = (await alice.get(`/api/games/${id}/judgments`)).json().judgments;
    expect(judgment).toMatchObject({ question: 'May bob vote twice?', status: 'open' });
    const judge = judgment.judge as string;
    const notJudge = judge === 'alice' ? bob : alice;
    const wrong = await notJudge.post(`/api/games/${id}/actions`, { action: 'judge', args: { judgment: judgment.id, ruling: 'No.' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatch(/only the Judge/);
    const judgePerson = judge === 'alice' ? alice : bob;
    const ruled = await judgePerson.post(`/api/games/${id}/actions`, { action: 'judge', args: { judgment: judgment.id, ruling: 'No.' } });
    expect(ruled.statusCode, ruled.body).toBe(200);
    const overruled = await notJudge.post(`/api/games/${id}/actions`, { action: 'overrule', args: { judgment: judgment.id } });
    expect(overruled.statusCode, overruled.body).toBe(200);
    const after = (await alice.get(`/api/games/${id}/judgments`)).json().judgments;
    expect(after.find((j: { id: string }) => j.id === judgment.id)).toMatchObject({ status: 'overruled' });
  });
});

describe('a whole turn with the test clock', () => {
  it('proposes, votes, adopts, and shows the amendment in the rule\'s history', async () => {
    const id = await newGame(alice);
    await bob.post(`/api/games/${id}/join`, {});
    await carol.post(`/api/games/${id}/join`, {});
    const text = 'Amend Rule 212 by replacing "100 (positive) points" with "200 (positive) points".';
    expect((await alice.post(`/api/games/${id}/actions`, { action: 'propose', args: { text } })).statusCode).toBe(200);
    expect((await bob.post(`/api/games/${id}/actions`, { action: 'endorse', args: { proposal: '1' } })).statusCode).toBe(200);
    const before = (await alice.get(`/api/games/${id}/rules`)).json().seq;

    expect((await alice.post('/api/test/clock', { advanceMs: 24 * HOUR })).statusCode).toBe(200);
    let [proposal] = (await alice.get(`/api/games/${id}/proposals`)).json().proposals;
    expect(proposal).toMatchObject({ status: 'voting', number: 301 });
    for (const [who, vote] of [[alice, 'yes'], [bob, 'AYE'], [carol, 'no']] as const) {
      const r = await who.post(`/api/games/${id}/actions`, { action: 'vote', args: { vote } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const notAVote = await carol.post(`/api/games/${id}/actions`, { action: 'vote', args: { vote: 'maybe' } });
    expect(notAVote.statusCode).toBe(422);
    expect(notAVote.json().error).toMatch(/not a vote/);
    [proposal] = (await alice.get(`/api/games/${id}/proposals`)).json().proposals;
    expect(proposal).toMatchObject({ votesFor: 2, votesAgainst: 1 });

    await alice.post('/api/test/clock', { advanceMs: 24 * HOUR });
    [proposal] = (await alice.get(`/api/games/${id}/proposals`)).json().proposals;
    expect(proposal).toMatchObject({ status: 'adopted', applied: true, effect: 'applied' });
    const rule = (await alice.get(`/api/games/${id}/rules/212`)).json().rule;
    expect(rule.text).toContain('200 (positive) points');
    const amended = rule.history.find((h: { kind: string }) => h.kind === 'amended');
    expect(amended).toMatchObject({ cause: 'proposal 301' });
    expect(amended.before).toContain('100 (positive) points');
    // The ruleset as it stood before the turn passed.
    const old = (await alice.get(`/api/games/${id}/rules?seq=${before}`)).json();
    expect(old.seq).toBe(before);
    expect(old.rules.find((r: { number: string }) => r.number === '212').text).toContain('100 (positive) points');
  });

  it('is refused by a server without a test clock', async () => {
    const prod = await testServer();
    try {
      const dave = await signUp(prod, 'dave');
      const response = await dave.post('/api/test/clock', { advanceMs: HOUR });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatch(/no test clock/);
    } finally {
      await prod.close();
    }
  });
});
