// HTTP errors and the one mapping from anything thrown to a response a person can read: bad input
// is a 4xx with a message, only the server's own faults are 500s.
import { ZodError } from 'zod';
import { ConcurrencyError } from '../kernel/store.js';
import { GameExistsError, GameNotFoundError } from '../storage/errors.js';

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly details?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  error: string;
  [key: string]: unknown;
}

function zodMessage(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      return `${where}${issue.message}`;
    })
    .join('; ');
}

/** Fastify's own client errors, in words people use. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'the request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_BODY_TOO_LARGE: 'the request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'the Content-Length does not match the body',
};

export function toHttpError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) return { status: error.status, body: { error: error.message, ...error.details } };
  if (error instanceof ZodError) return { status: 400, body: { error: zodMessage(error) } };
  if (error instanceof GameNotFoundError) return { status: 404, body: { error: `there is no game "${error.gameId}"` } };
  if (error instanceof GameExistsError) return { status: 409, body: { error: `a game with the id "${error.gameId}" already exists` } };
  if (error instanceof ConcurrencyError) return { status: 409, body: { error: 'the game moved on while this was applied; try again' } };
  const e = error as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  if (e && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const message = (e.code && FASTIFY_MESSAGES[e.code]) ?? e.message ?? 'bad request';
    return { status: e.statusCode, body: { error: message } };
  }
  if (e instanceof SyntaxError && /JSON/.test(String(e.message))) return { status: 400, body: { error: 'the request body is not valid JSON' } };
  return { status: 500, body: { error: 'something went wrong on the server; it has been logged' } };
}
