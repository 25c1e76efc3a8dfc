// API tests for accounts: sign-up, sign-in, sign-out, sessions with CSRF, API tokens, the host
// administrator, and bad input answered with 4xx messages.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieOf, signUp, testServer } from './helpers.js';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testServer();
});
afterEach(async () => {
  await app.close();
});

describe('sign-up and sign-in', () => {
  it('makes the first account the host administrator, and no later one', async () => {
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    expect((await alice.get('/api/me')).json().account).toMatchObject({ name: 'alice', admin: true });
    expect((await bob.get('/api/me')).json().account).toMatchObject({ name: 'bob', admin: false });
  });

  it('sets an httpOnly session cookie and returns a CSRF token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'Alice', password: 'long enough' } });
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === 'nomicon_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(response.json().account.name).toBe('alice');
    expect(response.json().csrfToken).toMatch(/^c_/);
    expect(response.json().account.password_hash).toBeUndefined();
  });

  it('refuses taken names, bad names and short passwords with messages', async () => {
    await signUp(app, 'alice');
    const taken = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'alice', password: 'another one' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/taken/);
    const bad = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'a b!', password: 'long enough' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/lowercase letters/);
    const short = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'carol', password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/8 characters/);
    const missing = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name: 'carol' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/password/);
  });

  it('answers bad JSON, a wrong content type and an empty body with 4xx, never 500', async () => {
    const badJson = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{"name": "alice",' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toMatch(/not valid JSON/);
    const text = await app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'text/plain' }, payload: 'alice' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatch(/JSON/);
    const empty = await app.inject({ method: 'POST', url: '/api/auth/sign-in' });
    expect(empty.statusCode).toBe(400);
    const array = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: [1, 2] as unknown as object });
    expect(array.statusCode).toBe(400);
    const extra = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
  });

  it('signs in with the right password only, and signs out', async () => {
    await signUp(app, 'alice', 'the right one');
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password: 'the wrong one' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('wrong name or password');
    const nobody = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'nobody', password: 'the right one' } });
    expect(nobody.statusCode).toBe(401);
    const right = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'ALICE', password: 'the right one' } });
    expect(right.statusCode).toBe(200);
    const cookie = cookieOf(right);
    const csrf = right.json().csrfToken;
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).json().account.name).toBe('alice');
    const out = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/me', headers: { cookie } })).json().account).toBeNull();
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request made with the cookie but without the token, or with a forged one', async () => {
    const alice = await signUp(app, 'alice');
    const missing = await alice.post('/api/games', { preset: 'nomic-v' }, { csrf: null });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toMatch(/CSRF/);
    const forged = await alice.post('/api/games', { preset: 'nomic-v' }, { csrf: 'c_forged-token-of-the-same-shape-000000' });
    expect(forged.statusCode).toBe(403);
    const signOut = await alice.post('/api/auth/sign-out', undefined, { csrf: null });
    expect(signOut.statusCode).toBe(403);
    expect((await alice.get('/api/me')).json().account.name).toBe('alice');
  });

  it('does not accept another session\'s token', async () => {
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    const crossed = await alice.post('/api/tokens', { name: 'x' }, { csrf: bob.csrf });
    expect(crossed.statusCode).toBe(403);
  });
});

describe('API tokens', () => {
  it('creates, lists, uses and revokes a personal token; Bearer requests need no CSRF token', async () => {
    const alice = await signUp(app, 'alice');
    const created = await alice.post('/api/tokens', { name: 'my bot' });
    expect(created.statusCode).toBe(201);
    const { token, id } = created.json();
    expect(token).toMatch(/^nmc_/);
    const listed = (await alice.get('/api/tokens')).json().tokens;
    expect(listed).toEqual([expect.objectContaining({ id, name: 'my bot' })]);
    expect(JSON.stringify(listed)).not.toContain(token);

    const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().account.name).toBe('alice');
    const game = await app.inject({ method: 'POST', url: '/api/games', headers: { authorization: `Bearer ${token}` }, payload: { preset: 'nomic-v' } });
    expect(game.statusCode).toBe(201);

    expect((await alice.del(`/api/tokens/${id}`)).statusCode).toBe(200);
    const revoked = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error).toMatch(/not valid/);
    expect((await alice.del(`/api/tokens/${id}`)).statusCode).toBe(404);
  });

  it('refuses a malformed Authorization header and tokens without signing in', async () => {
    const malformed = await app.inject({ url: '/api/me', headers: { authorization: 'Basic abc' } });
    expect(malformed.statusCode).toBe(401);
    const anonymous = await app.inject({ method: 'POST', url: '/api/tokens', payload: { name: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toMatch(/sign in/);
  });
});

describe('administration', () => {
  it('lets only the host administrator list accounts', async () => {
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    expect((await alice.get('/api/admin/accounts')).json().accounts.map((a: { name: string }) => a.name)).toEqual(['alice', 'bob']);
    expect((await bob.get('/api/admin/accounts')).statusCode).toBe(403);
  });

  it('answers unknown routes with 404 and a message', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/nothing at GET \/api\/nothing-here/);
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
  });
});

describe('password change and sign-in throttling', () => {
  it('changes the password with the current one only, and signs out the other sessions', async () => {
    const alice = await signUp(app, 'alice', 'the first password');
    const other = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password: 'the first password' } });
    const otherCookie = cookieOf(other);
    const wrong = await alice.post('/api/auth/password', { current: 'not it at all', password: 'the second password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toContain('current password is wrong');
    const short = await alice.post('/api/auth/password', { current: 'the first password', password: 'short' });
    expect(short.statusCode).toBe(400);
    const noCsrf = await alice.post('/api/auth/password', { current: 'the first password', password: 'the second password' }, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);
    const ok = await alice.post('/api/auth/password', { current: 'the first password', password: 'the second password' });
    expect(ok.statusCode).toBe(200);
    expect((await alice.get('/api/me')).json().account.name).toBe('alice');
    expect((await app.inject({ url: '/api/me', headers: { cookie: otherCookie } })).json().account).toBeNull();
    const old = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password: 'the first password' } });
    expect(old.statusCode).toBe(401);
    const now = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password: 'the second password' } });
    expect(now.statusCode).toBe(200);
  });

  it('refuses sign-ins with 429 after repeated failures for a name, even with the right password', async () => {
    await app.close();
    app = await testServer({ signInLimits: { failures: 3, windowMs: 60_000 } });
    await signUp(app, 'alice', 'the right one');
    const attempt = (password: string, ip = '10.0.0.1') =>
      app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { name: 'alice', password }, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await attempt('guess ' + i)).statusCode).toBe(401);
    const blocked = await attempt('the right one', '10.0.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/too many failed sign-ins; try again in 1 minute/);
  });
});
