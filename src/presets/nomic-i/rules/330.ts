// Rule 330: the first player(s) to reach 200 points win; and whenever there are only three players
// with player status, each receives 200 points and all three win. Checked whenever points are
// given and after every input.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const target = api.param('winning points', { pattern: /achieve (\d+) \(positive\) points/, parse: (m) => Number(m[1]) });
  const few = api.param('last players', { pattern: /only (three) \(active\) players/, parse: () => 3 });
  const game = () => api.get('game/game')!.attrs;

  const check = () => {
    if (game().winner != null) return;
    const active = api.all('player', (p) => p.attrs.active === true);
    if (active.length === few) {
      for (const p of active) api.set(p.key, 'points', Number(p.attrs.points ?? 0) + target);
      api.win(active.map((p) => p.id), `only ${few} active players are left: each receives ${target} points and all win (Rule 330)`);
      return;
    }
    const reached = api.all('player', (p) => Number(p.attrs.points ?? 0) >= target).map((p) => p.id);
    if (reached.length) api.win(reached, `achieved ${target} points (Rule 330)`);
  };
  api.export('check', check);
  api.settle(check);
}
