// Test helpers for the server: a server on memory storage and people who sign up and make requests
// with their session cookie and CSRF token (or an API token) through app.inject.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildServer, type ServerOptions } from '../../src/server/app.js';

export const T0 = Date.UTC(2026, 0, 5);
export const HOUR = 3_600_000;

export interface Person {
  name: string;
  cookie: string;
  csrf: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, extra?: { csrf?: string | null; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export async function testServer(options: ServerOptions = {}): Promise<FastifyInstance> {
  let now = T0;
  return buildServer({ clock: () => now++, web: false, ...options });
}

export function cookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'nomicon_session');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `nomicon_session=${cookie.value}`;
}

export function personFrom(app: FastifyInstance, name: string, cookie: string, csrf: string): Person {
  const request = (opts: InjectOptions) => app.inject(opts);
  return {
    name, cookie, csrf,
    get: (url) => request({ method: 'GET', url, headers: { cookie } }),
    post: (url, body, extra = {}) => {
      const headers: Record<string, string> = { cookie, ...extra.headers };
      const token = extra.csrf === undefined ? csrf : extra.csrf;
      if (token !== null) headers['x-csrf-token'] = token;
      return request({ method: 'POST', url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    },
    del: (url) => request({ method: 'DELETE', url, headers: { cookie, 'x-csrf-token': csrf } }),
  };
}

export async function signUp(app: FastifyInstance, name: string, password = 'correct horse battery'): Promise<Person> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name, password } });
  if (response.statusCode !== 201) throw new Error(`sign-up of ${name} failed: ${response.statusCode} ${response.body}`);
  return personFrom(app, name, cookieOf(response), response.json().csrfToken);
}
