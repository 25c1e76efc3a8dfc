// Rule 2: Players. A person becomes a Player by submitting a first Proposal or Point of Order
// (`enter`, called by Rules 3 and 5); Doc may not be a Player. A Player is Active while e has
// submitted one within the previous 7 duns. A Player may leave (`forfeit`) and may not rejoin
// within 7 duns; at the start of each Round the inactive Players are removed. A removed Player's
// name and status leave the game state and eir Points are shared evenly among the remaining Players
// (remainders thrown away). The Leading Player is the Active Player with the most Points.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const activeSpan = api.param('activity span', { pattern: /within the previous (\d+) duns/, parse: (m) => Number(m[1]) });
  const rejoinBan = api.param('rejoin ban', { pattern: /rejoin the game within (\d+) duns/, parse: (m) => Number(m[1]) });
  const EPS = 1e-6;
  const game = () => api.get('game/game')!.attrs;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const dunTimer = (value: number, event: string, payload: Json, id: string) => {
    if (api.imported('10', 'duns')) api.timer({ base: 'dun', value }, event, payload, { id });
    else api.timer(Math.ceil(value * 48 * 3_600_000), event, payload, { id });
  };

  /** A submission: the person is (or becomes) a Player and is Active for the next 7 duns. */
  const enter = (person: string): string => {
    const key = 'player/' + person;
    const now = duns();
    if (!api.get(key)) {
      api.create('player', { name: person, joinedAt: api.now(), active: true, lastSubmissionDun: now }, { id: person, owner: null });
      api.emit('player-joined', { player: person });
      api.message('all', `${person} is now a Player (Rule 2).`, { channel: 'list' });
    }
    api.update(key, { active: true, lastSubmissionDun: now });
    dunTimer(now + activeSpan, 'activity-lapses', { player: person }, 'activity-' + person);
    return key;
  };
  api.export('enter', enter);

  /** Why a person may not submit as a Player now (Doc; a voluntary leaver within 7 duns). */
  const barred = (person: string): string | undefined => {
    if (!person) return 'only a person may submit';
    if (isDocAgent(person)) return 'Rule 2: Doc may not be a Player';
    if (api.get('player/' + person)) return undefined;
    const left = api.all('departure', (d) => d.attrs.person === person && d.attrs.voluntary === true).map((d) => Number(d.attrs.dun));
    if (left.length && duns() - Math.max(...left) < rejoinBan - EPS) return `Rule 2: no Player may rejoin the game within ${rejoinBan} duns of voluntary removal`;
    return undefined;
  };
  api.export('barred', barred);
  api.check('propose', (ctx) => barred(ctx.agent));
  api.check('invoke-judgment', (ctx) => barred(ctx.agent));

  const remove = (name: string, voluntary: boolean, why: string) => {
    const player = api.get('player/' + name);
    if (!player) return;
    const points = Number(player.attrs.points ?? 0);
    api.destroy(player.key);
    api.cancelTimer('activity-' + name);
    if (voluntary) api.create('departure', { person: name, dun: duns(), at: api.now(), voluntary }, { owner: null });
    const others = api.all('player');
    const share = others.length ? Math.trunc(points / others.length) : 0;
    if (share !== 0) for (const o of others) api.set(o.key, 'points', Number(o.attrs.points ?? 0) + share);
    api.emit('player-removed', { player: name, voluntary, why });
    api.message('all', `${name} is removed from the game (${why}); eir ${points} Points are shared: ${share} to each remaining Player (Rule 2).`, { channel: 'list' });
  };
  api.export('remove', remove);

  for (const name of ['forfeit', 'leave']) api.action(name, {
    describe: (name === 'forfeit' ? '' : 'The same as `forfeit`: ') + 'Remove yourself from the game (you may not rejoin within 7 duns).',
    legal: (ctx) => (api.get('player/' + ctx.agent) ? undefined : 'only Players can remove themselves from the game'),
    perform(ctx) {
      remove(ctx.agent, true, 'left voluntarily');
    },
  });

  // An amendment of the span (or of the ban) counts from each Player's last submission anew.
  api.on('rule-changed', (e) => {
    if (e.payload.rule !== api.self.number) return;
    const now = duns();
    for (const p of api.all('player')) {
      const last = Number(p.attrs.lastSubmissionDun ?? 0);
      if (now - last >= activeSpan - EPS) {
        if (p.attrs.active !== false) api.set(p.key, 'active', false);
      } else {
        if (p.attrs.active !== true) api.set(p.key, 'active', true);
        dunTimer(last + activeSpan, 'activity-lapses', { player: p.id }, 'activity-' + p.id);
      }
    }
  });

  // "by stating eir intent to do so by sending an email to the mailing list": a Player's message
  // (its subject line or text) that begins "I remove myself from the game", "I leave the game",
  // "I quit" or "I forfeit".
  api.on('message', (e) => {
    const person = String(e.payload.person ?? '');
    if (!api.get('player/' + person)) return;
    const said = [e.payload.medium?.subject, e.payload.text].filter((t) => typeof t === 'string') as string[];
    const leaving = /^\s*I\s+(?:hereby\s+)?(?:(?:remove\s+myself\s+from|leave|quit|forfeit)\s+the\s+game|quit|forfeit)\b/i;
    if (!said.some((t) => leaving.test(t))) return;
    const result = api.perform('forfeit', {}, { agent: person, person });
    if (!result.ok) api.log(`${person} could not leave the game: ${result.error}`);
  });

  api.on('activity-lapses', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && duns() - Number(p.attrs.lastSubmissionDun) >= activeSpan - EPS) api.set(p.key, 'active', false);
  });

  // The players a game starts with count as having submitted at its start.
  api.on('setup', (e) => {
    const roles = (e.payload?.roles ?? {}) as Record<string, string[]>;
    const docs = Object.entries(roles).filter(([role]) => role.toLowerCase() === 'doc').flatMap(([, who]) => who);
    for (const person of (e.payload?.players ?? []) as string[]) if (!docs.includes(person) && person !== game().doc) enter(person);
  });

  api.on('round-started', () => {
    for (const p of api.all('player', (p) => p.attrs.active !== true)) remove(p.id, false, 'inactive at the start of a Round');
  });

  api.settle(() => {
    const active = api.all('player', (p) => p.attrs.active === true);
    const top = Math.max(...active.map((p) => Number(p.attrs.points ?? 0)));
    const leaders = active.filter((p) => Number(p.attrs.points ?? 0) === top).map((p) => p.id);
    api.update('game/game', { leadingPlayer: leaders.length === 1 ? leaders[0]! : null, leadingPlayers: leaders });
  });
}
