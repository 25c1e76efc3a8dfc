// Rule 1003: Winning. In Round 3, when all Players are members of the same Gang (or there are no
// Gangs left), the Player with the most Plinks is The Winner of Round 3. If two or more share the
// most, Sudden Death begins (`sudden-death/current`): it lasts 3 of the duns current before it, the
// dun is halved meanwhile (Doc may cut it more by Proclamation) and restored after; at its end the
// one of those who shared the most Plinks whose Plinks grew by the greatest percentage wins. A
// Sudden Death with no single winner ends without one (and begins again while the condition holds).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const HOUR = 3_600_000;
  const round = api.param('round', { pattern: /The Winner of Round (\d+) shall be/, parse: (m) => Number(m[1]) });
  const length = api.param('length of Sudden Death', { pattern: /equal to (\d+) of the current Duns/, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const plinks = (p: { attrs: Readonly<JsonObject> }) => Number(p.attrs.plinks ?? 0);
  const current = () => api.get('sudden-death/current');

  /** Whether the winning condition holds: all Players in one Gang, or no Gangs in the game. "All
   *  Players are members of the same Gang" is read as Players (two or more) having come together in
   *  one Gang: a lone Player (the first to join a game begun without Players, or a game set up with
   *  one) is not yet the Winner of Round 3, or a game could never begin. */
  const condition = () => {
    const players = api.all('player');
    if (!players.length) return false;
    if (!api.all('gang').length) return true;
    if (players.length < 2) return false;
    return new Set(players.map((p) => p.attrs.gang ?? null)).size === 1 && players[0]!.attrs.gang != null;
  };

  const win = (player: string, how: string) => api.win(player, `The Winner of Round ${round}: ${how} (Rule 1003)`);

  api.settle(() => {
    if (Number(game().round) !== round || current()) return;
    if (((game().roundWinners ?? {}) as JsonObject)[String(round)] != null) return;
    if (!condition()) return;
    const players = api.all('player');
    const top = Math.max(...players.map(plinks));
    const leaders = players.filter((p) => plinks(p) === top).map((p) => p.id);
    if (leaders.length === 1) return win(leaders[0]!, `the most Plinks (${top}) when all Players are in one Gang`);
    const before = Number(game().dunHours);
    const endsAt = api.now() + length * before * HOUR;
    const startPlinks: JsonObject = {};
    for (const p of players) startPlinks[p.id] = plinks(p);
    api.create('sudden-death', { contenders: leaders, startPlinks, startedAt: api.now(), endsAt, dunHoursBefore: before }, { id: 'current' });
    api.set('game/game', 'dunHours', before / 2);
    api.set('game/game', 'suddenDeath', true);
    api.own('game/game', api.self.id, 'suddenDeath');
    api.timer(endsAt, 'sudden-death-ends', null, { id: 'sudden-death' });
    api.message('all', `Sudden Death begins: ${leaders.join(', ')} share the most Plinks (${top}). It lasts until ${new Date(endsAt).toISOString()}; a dun is now ${before / 2} hours (Rule 1003).`, { channel: 'list' });
  });

  api.on('sudden-death-ends', () => {
    const sd = current();
    if (!sd) return;
    const start = sd.attrs.startPlinks as Record<string, number>;
    const growth = (sd.attrs.contenders as string[]).filter((id) => api.get('player/' + id)).map((id) => {
      const from = start[id] ?? 0;
      const to = plinks(api.get('player/' + id)!);
      return { id, to, pct: from > 0 ? ((to - from) / from) * 100 : to > 0 ? Infinity : 0 };
    });
    const best = Math.max(...growth.map((g) => g.pct));
    const winners = growth.filter((g) => g.pct === best);
    const endPlinks: JsonObject = {};
    for (const p of api.all('player')) endPlinks[p.id] = plinks(p);
    const record = { ...(sd.attrs as JsonObject), endPlinks, growth: growth.map((g) => ({ player: g.id, percent: Number.isFinite(g.pct) ? g.pct : 'infinite' })) as Json, endedAt: api.now() };
    api.set('game/game', 'dunHours', Number(sd.attrs.dunHoursBefore));
    api.set('game/game', 'suddenDeath', false);
    api.destroy(sd.key);
    const n = api.nextNumber('sudden-death');
    api.create('sudden-death', { ...record, winner: winners.length === 1 ? winners[0]!.id : null }, { id: String(n) });
    if (winners.length === 1) win(winners[0]!.id, `the greatest growth of Plinks in Sudden Death`);
    else api.message('all', `Sudden Death ends without a single Winner (${winners.map((w) => w.id).join(', ')} grew alike) (Rule 1003).`, { channel: 'list' });
  });
}
