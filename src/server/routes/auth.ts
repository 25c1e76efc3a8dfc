// Account routes: sign-up, sign-in, sign-out, who am I, personal API tokens, and the host
// administrator's list of accounts.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SESSION_DAYS } from '../accounts.js';
import { requireAccount, SESSION_COOKIE } from '../context.js';
import { HttpError } from '../errors.js';
import { SignInThrottle } from '../throttle.js';

const credentials = z.object({
  name: z.string().trim().min(1, 'give a name').max(64).transform((s) => s.toLowerCase()),
  password: z.string().min(1, 'give a password').max(1024),
}).strict();

const passwordChange = z.object({
  current: z.string().min(1, 'give your current password').max(1024),
  password: z.string().min(1, 'give the new password').max(1024),
}).strict();

const tokenBody = z.object({ name: z.string().trim().min(1, 'name the token (what it is for)').max(100) }).strict();

export function registerAuthRoutes(app: FastifyInstance): void {
  const { accounts, options } = app.nomicon;
  const throttle = new SignInThrottle(options.signInLimits);

  const startSession = async (reply: FastifyReply, account: Awaited<ReturnType<typeof accounts.checkPassword>>) => {
    const { cookie, csrf } = await accounts.startSession(account);
    void reply.setCookie(SESSION_COOKIE, cookie, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: options.secureCookies ?? false, maxAge: SESSION_DAYS * 86_400,
    });
    return { account, csrfToken: csrf };
  };

  app.post('/api/auth/sign-up', async (req, reply) => {
    const body = credentials.parse(req.body);
    const account = await accounts.signUp(body.name, body.password);
    reply.code(201);
    return startSession(reply, account);
  });

  app.post('/api/auth/sign-in', async (req, reply) => {
    const body = credentials.parse(req.body);
    throttle.check(body.name, req.ip);
    const account = await accounts.checkPassword(body.name, body.password).catch((err: unknown) => {
      if (err instanceof HttpError && err.status === 401) throttle.fail(body.name, req.ip);
      throw err;
    });
    throttle.succeed(body.name);
    return startSession(reply, account);
  });

  app.post('/api/auth/sign-out', async (req, reply) => {
    if (req.auth?.sessionId) await accounts.endSession(req.auth.sessionId);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { signedOut: true };
  });

  app.get('/api/me', async (req) => ({
    account: req.auth?.account ?? null,
    csrfToken: req.auth?.csrf ?? null,
    testClock: options.testClock === true,
  }));

  app.post('/api/auth/password', async (req) => {
    const account = requireAccount(req);
    const body = passwordChange.parse(req.body);
    await accounts.changePassword(account, body.current, body.password, req.auth?.sessionId);
    return { changed: true, note: 'your other sessions have been signed out' };
  });

  app.get('/api/tokens', async (req) => ({ tokens: await accounts.listTokens(requireAccount(req)) }));

  app.post('/api/tokens', async (req, reply) => {
    const account = requireAccount(req);
    const body = tokenBody.parse(req.body ?? {});
    reply.code(201);
    return { ...(await accounts.createToken(account, body.name)), note: 'keep this token: it is shown only once' };
  });

  app.delete<{ Params: { id: string } }>('/api/tokens/:id', async (req) => {
    const account = requireAccount(req);
    if (!(await accounts.revokeToken(account, req.params.id))) throw new HttpError(404, `you have no token "${req.params.id}"`);
    return { revoked: req.params.id };
  });

  app.get('/api/admin/accounts', async (req) => {
    const account = requireAccount(req);
    if (!account.admin) throw new HttpError(403, 'only the host administrator may list accounts');
    return { accounts: await accounts.list() };
  });
}
