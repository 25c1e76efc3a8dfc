// The web app's client of the JSON API: sends the session's CSRF token on every change and turns
// error responses into exceptions carrying the server's message.
export interface Account {
  id: string;
  name: string;
  admin: boolean;
}

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body: any) {
    super(message);
  }
}

export const session: { account: Account | null; csrf: string | null; testClock: boolean } = { account: null, csrf: null, testClock: false };

export async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && session.csrf) headers['x-csrf-token'] = session.csrf;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  const data = type.includes('application/json') ? await response.json() : await response.text();
  if (!response.ok) {
    const message = typeof data === 'object' && data && 'error' in data ? String(data.error) : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}

export const get = <T = any>(path: string) => api<T>('GET', path);
export const post = <T = any>(path: string, body: unknown = {}) => api<T>('POST', path, body);

export async function loadSession(): Promise<void> {
  const me = await get<{ account: Account | null; csrfToken: string | null; testClock: boolean }>('/api/me');
  session.account = me.account;
  session.csrf = me.csrfToken;
  session.testClock = me.testClock;
}
