// The HTTP game port against the real server on loopback: reads, the log feed, and inputs relayed for persons once the game's owner names the bot its relay.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpGamePort } from '../../src/adapters/http-port.js';
import type { LogEntry } from '../../src/kernel/types.js';
import { buildServer } from '../../src/server/app.js';

const T0 = Date.UTC(2026, 0, 5);
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('the HTTP game port', () => {
  it('reads state and log, follows new entries, and relays inputs only when the owner allows it', async () => {
    const app = await buildServer({ clock: () => T0, web: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
      const r = await fetch(base + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
      return { status: r.status, body: (await r.json()) as Record<string, any> };
    };
    const tokenOf = async (name: string) => {
      const signUp = await fetch(`${base}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'correct horse battery' }) });
      const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
      const { csrfToken } = (await signUp.json()) as { csrfToken: string };
      const t = await fetch(`${base}/api/tokens`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'test' }) });
      return ((await t.json()) as { token: string }).token;
    };
    const alice = await tokenOf('alice');
    const bot = await tokenOf('nomicon-bot');
    expect((await call('POST', '/api/games', alice, { preset: 'nomic-v', id: 'nv', join: true })).status).toBe(201);
    const port = await HttpGamePort.open({ baseUrl: base, token: bot, gameId: 'nv', pollMs: 20 });
    close = async () => {
      await port.close();
      await app.close();
    };
    expect((await port.state()).objects['player/alice']).toBeDefined();
    expect((await port.entries(0)).map((e) => e.input.kind)).toEqual(['setup', 'action']);
    const seen: LogEntry[] = [];
    await port.subscribe((e) => seen.push(e));
    expect((await call('POST', '/api/games/nv/say', alice, { text: 'hello', channel: 'game' })).status).toBe(200);
    const end = Date.now() + 5000;
    while (seen.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(seen.map((e) => e.input.kind === 'message' && e.input.text)).toEqual(['hello']);
    await expect(port.say('alice', 'from discord', { channel: 'game', messageId: '1' })).rejects.toThrow(/403 you are not in game/);
    expect((await call('POST', '/api/games/nv/relays', bot, { account: 'nomicon-bot' })).status).toBe(403);
    expect((await call('POST', '/api/games/nv/relays', alice, { account: 'nomicon-bot' })).body).toEqual({ account: 'nomicon-bot', relay: true });
    const said = await port.say('alice', 'from discord', { channel: 'game', messageId: '1' });
    expect(said).toMatchObject({ duplicate: false, entry: { input: { kind: 'message', person: 'alice', text: 'from discord' } } });
    expect((await port.say('alice', 'from discord', { channel: 'game', messageId: '1' })).duplicate).toBe(true);
    const refused = await port.act('alice', 'fly', {}, { channel: 'game', messageId: '2' });
    expect(refused.entry.outcome).toMatchObject({ status: 'refused', message: 'no rule defines the action "fly"' });
    expect((await call('POST', '/api/games/nv/inputs', bot, { input: { kind: 'launch', person: 'alice' } })).status).toBe(400);
  });
});
