// Relays: a bot the game's owner names may submit persons' inputs with their medium; nobody else may.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signUp, testServer } from './helpers.js';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('POST /api/games/:id/inputs', () => {
  it('accepts inputs only from the relay the owner named, and the rules still decide', async () => {
    app = await testServer();
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    const bot = await signUp(app, 'bot');
    expect((await alice.post('/api/games', { preset: 'nomic-v', id: 'nv', join: true })).statusCode).toBe(201);
    await bob.post('/api/games/nv/join', {});
    await bot.post('/api/games/nv/join', {});
    const propose = { input: { kind: 'action', person: 'alice', action: 'propose', args: { title: 'T', text: 'Repeal Rule 216.' }, medium: { channel: 'game', messageId: 'd-1' } } };
    const notRelay = await bot.post('/api/games/nv/inputs', propose);
    expect(notRelay.statusCode).toBe(403);
    expect(notRelay.json().error).toContain('only a relay of this game');
    expect((await bob.post('/api/games/nv/relays', { account: 'bot' })).statusCode).toBe(403);
    expect((await alice.post('/api/games/nv/relays', { account: 'nobody' })).statusCode).toBe(404);
    expect((await alice.post('/api/games/nv/relays', { account: 'bot' })).json()).toEqual({ account: 'bot', relay: true });
    const ok = await bot.post('/api/games/nv/inputs', propose);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', result: 'proposal/1' });
    const refused = await bot.post('/api/games/nv/inputs', { input: { kind: 'action', person: 'carol', action: 'propose', args: { text: 'x' } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain('only players');
    expect((await bot.post('/api/games/nv/inputs', { input: { kind: 'action', person: '', action: 'x' } })).statusCode).toBe(400);
    expect((await bot.post('/api/games/nv/inputs', { input: { kind: 'brake', person: 'alice', rule: '1', on: true, reason: 'x' } })).statusCode).toBe(400);
    expect((await alice.post('/api/games/nv/relays', { account: 'bot', relay: false })).json()).toEqual({ account: 'bot', relay: false });
    expect((await bot.post('/api/games/nv/inputs', propose)).statusCode).toBe(403);
  });
});

describe('POST /api/games/:id/preview-changes', () => {
  it('shows a proposal as if adopted now, with refusals and code that would go out of date, changing nothing', async () => {
    app = await testServer();
    const alice = await signUp(app, 'alice');
    await alice.post('/api/games', { preset: 'nomic-v', id: 'nv', join: true });
    const before = (await alice.get('/api/games/nv')).json().seq;
    const fine = await alice.post('/api/games/nv/preview-changes', { text: 'Amend Rule 203 by replacing "24 hours" with "36 hours".' });
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toMatchObject({ wouldBe: 'ok', warnings: [], rulesChanged: [{ kind: 'amend', rule: '203' }] });
    const stale = await alice.post('/api/games/nv/preview-changes', { changes: [{ amend: { rule: '203', text: 'Turns last as long as they last.' } }] });
    expect(stale.json().warnings.join(' ')).toContain("rule 203's code would be out of date");
    const missing = await alice.post('/api/games/nv/preview-changes', { text: 'Amend Rule 203 by replacing "48 hours" with "36 hours".' });
    expect(missing.json()).toMatchObject({ wouldBe: 'refused' });
    expect(missing.json().message).toContain('"48 hours" is not in the rule');
    expect((await alice.post('/api/games/nv/preview-changes', {})).statusCode).toBe(400);
    expect((await alice.get('/api/games/nv')).json().seq).toBe(before);
    expect((await alice.get('/api/games/nv/rules/203')).json().rule?.text ?? (await alice.get('/api/games/nv/rules/203')).body).toContain('24 hours');
  });
});
