// Rule 4E28: Active Players. A Player who takes any Game Action (joining included) gains the Active
// property; any Player may remove it from one who has taken no Game Action in the current or
// previous nweek (`declare-inactive`). The Players without it are The Horde. At the beginning of
// each nweek, the Players who voted in the previous nweek are Vested and the others are not.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('vesting', { pattern: /players that voted in the previous\s+nweek gain the "Vested" property/ });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);

  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (!p) return;
    api.update(p.key, { active: e.payload.registered !== false, vested: false, ...(e.payload.registered !== false ? { lastActionNweek: nweek() } : {}) });
  });

  api.on('action-performed', (e) => {
    const p = api.get('player/' + e.payload.agent);
    if (!p) return;
    if (p.attrs.active !== true) api.set(p.key, 'active', true);
    if (p.attrs.lastActionNweek !== nweek()) api.set(p.key, 'lastActionNweek', nweek());
  });

  api.action('declare-inactive', {
    describe: 'Remove the Active property of a Player who has taken no Game Action in the current or previous nweek.',
    args: { player: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E28: only a Player may do this';
      const p = api.get('player/' + ctx.args.player);
      if (!p) return `there is no Player ${ctx.args.player}`;
      if (p.attrs.active !== true) return `${p.id} is already in The Horde`;
      if (p.attrs.lastActionNweek !== undefined && Number(p.attrs.lastActionNweek) >= nweek() - 1) return `Rule 4E28: ${p.id} took a Game Action in the current or previous nweek`;
    },
    perform(ctx) {
      api.set('player/' + ctx.args.player, 'active', false);
      api.emit('lost-active', { player: String(ctx.args.player) });
      return 'player/' + ctx.args.player;
    },
  });

  api.on('nweek-begins', (e) => {
    for (const p of api.all('player')) {
      const vested = p.attrs.lastVotedNweek === Number(e.payload.nweek) - 1;
      if (p.attrs.vested !== vested) api.set(p.key, 'vested', vested);
    }
  });
}
