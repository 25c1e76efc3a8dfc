// The live feed: GET /api/games/:id/feed upgrades to a WebSocket that sends each new log entry of
// the game as the connected person may see it (`?after=SEQ` first replays what they missed).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { GameState, LogEntry } from '../../kernel/types.js';
import { toHttpError } from '../errors.js';
import { describeInput, viewEntry } from '../view.js';

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** A cross-site page must not read a private game with a visitor's cookie. */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin || req.auth?.via !== 'session') return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

export function registerFeed(app: FastifyInstance): void {
  const { accounts, hub, store } = app.nomicon;

  app.get<{ Params: { id: string }; Querystring: { after?: string } }>('/api/games/:id/feed', { websocket: true }, (socket, req) => {
    const closeWith = (code: number, error: string) => {
      send(socket, { type: 'error', error });
      socket.close(code, error.slice(0, 120));
    };
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    socket.on('close', () => {
      closed = true;
      unsubscribe?.();
    });
    socket.on('message', (data) => {
      if (String(data) === 'ping') send(socket, { type: 'pong' });
    });
    const start = async () => {
      const id = req.params.id;
      if (!sameOrigin(req)) return closeWith(4403, 'this feed cannot be opened from another site');
      const record = GAME_ID.test(id) ? await store.getGame(id) : undefined;
      if (!record) return closeWith(4404, `there is no game "${id}"`);
      const account = req.auth?.account;
      const member = await accounts.isMember(id, account);
      if (record.meta.visibility === 'private' && !member && !account?.admin) {
        return closeWith(4403, `game "${id}" is private: ask one of its players for an invite link`);
      }
      const person = account?.name;
      const after = Number(req.query.after ?? NaN);
      let last = Number.isInteger(after) && after >= 0 ? after : Infinity;
      const pending: { entry: LogEntry; state: GameState }[] = [];
      let live = false;
      const deliver = (entry: LogEntry, state: GameState) => {
        if (entry.seq <= last && last !== Infinity) return;
        last = entry.seq;
        send(socket, { type: 'entry', entry: viewEntry(entry, person, state), summary: describeInput(entry) });
      };
      const off = await hub.subscribe(id, (entry, state) => {
        if (live) deliver(entry, state);
        else pending.push({ entry, state });
      });
      if (closed) return off();
      unsubscribe = off;
      const game = await hub.game(id);
      send(socket, { type: 'hello', game: id, seq: game.seq, person: person ?? null });
      if (last !== Infinity) {
        for (let batch = await store.read(id, last, 500); batch.length > 0; batch = await store.read(id, last, 500)) {
          for (const entry of batch) deliver(entry, game.state);
        }
      } else {
        last = game.seq;
      }
      for (const { entry, state } of pending) deliver(entry, state);
      pending.length = 0;
      live = true;
    };
    start().catch((error) => {
      const { status, body } = toHttpError(error);
      if (status >= 500) req.log.error(error);
      closeWith(status >= 500 ? 1011 : 4000 + status, body.error);
    });
  });
}
