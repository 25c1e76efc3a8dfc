// Rule 324: bonds cost 5 gold each and yield 6 gold once 5 voting rounds have finished after the
// purchase. The panel of the last 3 players (with player status) to have completed a proposal turn
// may stop, and later reinstate, the issuing of bonds by a majority among them. Refunds when a rule
// disrupts the bond system are for people to decide.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const cost = api.param('bond cost', { pattern: /cost of (\d+) gold per bond/, parse: (m) => Number(m[1]) });
  const rounds = api.param('rounds', { pattern: /once (\d+) turns have passed/, parse: (m) => Number(m[1]) });
  const yieldGold = api.param('yield', { pattern: /yield back (\d+) gold/, parse: (m) => Number(m[1]) });
  const panelSize = api.param('panel size', { pattern: /panel of the last (\d+) \(active\) players/, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs as any;
  const played = () => Number(game().votingRounds ?? 0);
  const issuing = () => game().bondsIssuing !== false;

  const panel = () => {
    const done = ((game().completedTurns as string[]) ?? []).slice().reverse();
    const out: string[] = [];
    for (const name of done) {
      if (out.length >= panelSize) break;
      if (!out.includes(name) && api.get('player/' + name)?.attrs.active === true) out.push(name);
    }
    return out;
  };
  api.export('panel', panel);

  // How many bonds a player holds, unmatured (`player/dave.bonds`).
  api.computed('player', 'bonds', (o) => api.all('bond', (b) => b.attrs.owner === o.id && b.attrs.status === 'held').length);

  api.settle(() => {
    const members = panel();
    if (JSON.stringify(game().bondPanel ?? null) !== JSON.stringify(members)) api.set('game/game', 'bondPanel', members);
  });

  const buyBond = {
    describe: 'Buy bonds (5 gold each; each yields 6 gold once 5 voting rounds have finished); `amount` is the same as `count`.',
    args: { count: 'number?', amount: 'number?' },
    legal(ctx) {
      if (api.get('player/' + ctx.agent)?.attrs.active !== true) return 'only players may buy bonds';
      if (!issuing()) return 'Rule 324: the issuing of bonds has been stopped';
      const n = Number(ctx.args.count ?? ctx.args.amount ?? 1);
      if (!Number.isInteger(n) || n < 1) return 'the number of bonds must be a positive whole number';
    },
    perform(ctx) {
      const n = Number(ctx.args.count ?? ctx.args.amount ?? 1);
      let first = '';
      for (let i = 0; i < n; i++) {
        const paid = api.call<number>('307', 'spend', ctx.agent, cost, 'a bond');
        const b = api.create('bond', { owner: ctx.agent, paid, boughtAfterRound: played(), maturesAfterRound: played() + rounds, status: 'held' }, { owner: null });
        if (!first) first = b.key;
      }
      return first;
    },
  } satisfies Parameters<RuleApi['action']>[1];
  api.action('buy-bond', buyBond);
  api.action('buy-bonds', { ...buyBond, describe: 'The same as `buy-bond`.' });

  api.action('vote-bonds', {
    describe: 'As one of the panel of the last 3 players to complete a proposal turn, vote to stop (`issue: false`) or reinstate (`issue: true`) the issuing of bonds.',
    args: { issue: 'boolean' },
    legal(ctx) {
      if (!panel().includes(ctx.agent)) return `Rule 324: only the panel (${panel().join(', ') || 'nobody yet'}) may vote on issuing bonds`;
      if ((ctx.args.issue === true) === issuing()) return `bonds are already ${issuing() ? 'being issued' : 'stopped'}`;
    },
    perform(ctx) {
      const votes = { ...((game().bondVotes as Record<string, boolean>) ?? {}), [ctx.agent]: ctx.args.issue === true };
      const members = panel();
      const agree = members.filter((m) => votes[m] === (ctx.args.issue === true)).length;
      if (agree * 2 > members.length) {
        api.update('game/game', { bondsIssuing: ctx.args.issue === true, bondVotes: {} });
        api.message('all', `The panel ${ctx.args.issue ? 'reinstates' : 'stops'} the issuing of bonds (Rule 324).`, { channel: 'game' });
      } else {
        api.set('game/game', 'bondVotes', votes);
      }
    },
  });

  // A voting round finishes with the vote on a turn's final proposal.
  api.on('proposal-decided', () => {
    api.set('game/game', 'votingRounds', played() + 1);
    for (const b of api.all('bond', (b) => b.attrs.status === 'held' && Number(b.attrs.maturesAfterRound) <= played())) {
      api.update(b.key, { status: 'paid', paidAfterRound: played() });
      api.call('307', 'earn', String(b.attrs.owner), yieldGold, 'a bond matured (Rule 324)');
    }
  });
}
