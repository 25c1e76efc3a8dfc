// Rule 390: during his turn, before posting his proposals, a player may sacrifice lambda percent of his
// score (`sacrifice`, or posting "I sacrifice lambda percent of my score for the well-being of the
// game"): he loses nu, lambda percent of his score rounded up (each part of a complex score
// separately), and may make mu = floor(1 + lambda/kappa) proposals this turn, kappa = 2π, mu at most
// 3. Without a sacrifice mu is 1. Lambda may not exceed his total points (his real score).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const kappa = api.param('kappa', { pattern: /Kappa is (\d+(?:\.\d+)?)\*Pi/, parse: (m) => Number(m[1]) * Math.PI });
  const most = api.param('most', { pattern: /Mu may not be higher than (\d+)/, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const real = (id: string) =>
    typeof api.imported('369', 'realScore') === 'function' ? api.call<number>('369', 'realScore', id) : Math.max(0, Number(api.get('player/' + id)?.attrs.points ?? 0));
  const lambdaOf = (args: Readonly<Record<string, unknown>>) => Number(args.lambda ?? args.percent);
  const mu = (lambda: number) => Math.min(most, Math.floor(1 + lambda / kappa));

  api.export('allowance', (player: string) => {
    const s = game().sacrifice as { player: string; lambda: number } | null | undefined;
    return s && s.player === player && game().turn === player ? mu(s.lambda) : 1;
  });

  api.action('sacrifice', {
    describe: 'During your turn, before you post your proposals: sacrifice `lambda` percent of your score (`percent` is read the same) to make floor(1 + lambda/2π) proposals (at most 3).',
    args: { lambda: 'number?', percent: 'number?' },
    legal(ctx) {
      const g = game();
      if (g.turn !== ctx.agent) return 'Rule 390: a player may sacrifice during his turn';
      if (g.turnPhase !== 'proposing' || g.turnPosted === true) return 'Rule 390: sacrifice before posting your proposals';
      if (g.sacrifice && (g.sacrifice as { player: string }).player === ctx.agent) return 'you have already sacrificed this turn';
      const lambda = lambdaOf(ctx.args);
      if (!(lambda >= 0)) return 'lambda is a percentage, zero or more';
      if (lambda > real(ctx.agent)) return `Rule 390: lambda may not be higher than your total points (${real(ctx.agent)})`;
    },
    perform(ctx) {
      const lambda = lambdaOf(ctx.args);
      const p = api.get('player/' + ctx.agent)!;
      const a = Number(p.attrs.points ?? 0);
      const b = Number(p.attrs.pointsI ?? 0);
      const nu = Math.ceil((lambda / 100) * a);
      const nuI = Math.ceil((lambda / 100) * b);
      api.update(p.key, { points: a - nu, pointsI: b - nuI });
      api.set('game/game', 'sacrifice', { player: ctx.agent, lambda, nu, nuI, mu: mu(lambda) });
      api.message('all', `${ctx.agent} sacrifices ${lambda} percent of their score (${nu} points) for the well-being of the game, and may make ${mu(lambda)} proposal${mu(lambda) === 1 ? '' : 's'} this turn.`);
      return mu(lambda);
    },
  });

  api.on('message', (e) => {
    const m = String(e.payload.text).match(/I sacrifice (\d+(?:\.\d+)?) percent of my score for the well-being of the game/i);
    if (m) api.perform('sacrifice', { lambda: Number(m[1]) }, { agent: String(e.payload.person), person: String(e.payload.person) });
  });

  api.on('turn-begins', () => api.set('game/game', 'sacrifice', null));
}
