// Rule 112: winning is achieving n points. Rule 310 sets n (100 without it); scores are compared as
// real scores (Rule 369). Checked after every input: every player in the game who has reached n
// wins. The game then ends: no further turn begins (Rule 325).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const real = (id: string, points: number) =>
    typeof api.imported('369', 'realScore') === 'function' ? api.call<number>('369', 'realScore', id) : Math.max(0, points);

  api.settle(() => {
    if (api.get('game/game')!.attrs.winner != null) return;
    const n = typeof api.imported('310', 'threshold') === 'function' ? api.call<number>('310', 'threshold') : 100;
    const reached = api.all('player', (p) => p.attrs.left !== true && real(p.id, Number(p.attrs.points ?? 0)) >= n).map((p) => p.id);
    if (reached.length > 0) api.win(reached.length === 1 ? reached[0]! : reached, `achieved n = ${n} points (Rules 112 and 310)`);
  });
}
