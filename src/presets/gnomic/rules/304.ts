// Rule 304: a turn. (1) The player whose turn it is proposes, all in a single post, between one and
// three rule changes (as many as Rule 390 allows them this turn; more with contingencies, Rule 359),
// which are voted on. (2) Each proposal then scores (its ordinal number - 291) times the fraction of
// favourable votes it received (votes for / votes for and against), rounded to the nearest integer
// (Rule 407; a complex number gives complex points), added to the proponent's score. A contingent
// proposal whose condition is not achieved scores nothing (Rule 359). The turn ends when every
// proposal and meta-amendment made in it is decided (`turn-completed`).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const base = api.param('subtrahend', { pattern: /subtracting (\d+) from the ordinal number/, parse: (m) => Number(m[1]) });
  const most = api.param('most proposals', { pattern: /proposing between one and (one|two|three|\d+) rule changes/, parse: (m) => ({ one: 1, two: 2, three: 3 } as Record<string, number>)[m[1]!] ?? Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const round = (x: number) => (typeof api.imported('407', 'round') === 'function' ? api.call<number>('407', 'round', x) : Math.round(x));
  const ordinal = (n: unknown) => {
    const m = String(n).match(/^(-?\d+)(?:\+(\d+)i)?$/);
    return m ? { re: Number(m[1]), im: Number(m[2] ?? 0) } : { re: Number(n) || 0, im: 0 };
  };

  api.check('propose', (ctx) => {
    const g = game();
    if (g.turnPhase === 'over') return 'the game is over';
    if (ctx.agent !== g.turn) return `Rule 304: it is ${g.turn ?? 'nobody'}'s turn; only the player whose turn it is makes proposals`;
    if (g.turnPhase !== 'proposing' || g.turnPosted === true) return 'Rule 304: all a player\'s proposals for a given turn must be stated initially in a single post';
    const items = Array.isArray(ctx.args.proposals) ? (ctx.args.proposals as JsonObject[]) : [ctx.args as JsonObject];
    const allowed = Math.min(most, typeof api.imported('390', 'allowance') === 'function' ? api.call<number>('390', 'allowance', ctx.agent) : most);
    if (items.length <= allowed) return undefined;
    const couldPass = typeof api.imported('359', 'maxPassing') === 'function' ? api.call<number>('359', 'maxPassing', items) : items.length;
    if (couldPass <= allowed) return undefined;
    return `Rule 304: you may make ${allowed} proposal${allowed === 1 ? '' : 's'} this turn${allowed < most ? ' (sacrifice points for more: Rule 390)' : ''}; with contingencies (Rule 359) more, if no combination of votes lets more than that many pass`;
  });

  api.on('proposals-posted', (e) => {
    if (e.payload.author === game().turn && game().turnPhase === 'proposing') api.update('game/game', { turnPosted: true, turnPhase: 'voting' });
  });

  api.on('hacks-resolved', (e) => {
    const root = api.get('proposal/' + e.payload.root);
    if (!root || root.attrs.kind !== 'proposal') return;
    const votesFor = Number(root.attrs.votesFor ?? 0);
    const votesAgainst = Number(root.attrs.votesAgainst ?? 0);
    const fraction = votesFor + votesAgainst > 0 ? votesFor / (votesFor + votesAgainst) : 0;
    const o = ordinal(root.attrs.number);
    let re = round((o.re - base) * fraction);
    let im = round(o.im * fraction);
    if (root.attrs.conditionMet === false) re = im = 0;
    api.update(root.key, { score: re, scoreI: im });
    const p = api.get('player/' + root.attrs.author);
    if (!p || p.attrs.left === true) return;
    api.update(p.key, { points: Number(p.attrs.points ?? 0) + re, pointsI: Number(p.attrs.pointsI ?? 0) + im });
    api.log(`${p.id} scores ${re}${im ? ` + ${im}i` : ''} points for proposal ${root.attrs.number} (Rule 304)`);
  });

  // The turn ends once everything proposed in it is decided (checked after all events of an input).
  api.settle(() => {
    const g = game();
    if (g.turnPhase !== 'voting' || g.turnPosted !== true) return;
    const open = api.all('proposal', (p) => p.attrs.turnNumber === g.turnNumber && p.attrs.status === 'voting');
    if (open.length > 0) return;
    api.set('game/game', 'turnPhase', 'complete');
    api.emit('turn-completed', { player: g.turn ?? null, turnNumber: g.turnNumber ?? null });
  });
}
