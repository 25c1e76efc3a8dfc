// Rule 330: the first player(s) to reach 200 points win; and whenever there are only three players
// with player status, each receives 200 points and all three win. Checked whenever points are
// given and after every input.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, eighteen: 18, twenty: 20, 'twenty-four': 24, thirty: 30, 'thirty-six': 36, forty: 40, 'forty-eight': 48, fifty: 50, sixty: 60, seventy: 70, 'seventy-two': 72, hundred: 100 };
  const count = (s: string) => WORDS[s.toLowerCase()] ?? Number(s);
  const target = api.param('winning points', { pattern: /achieve (\d+|[a-z]+) (?:\(positive\) |positive )?points/i, parse: (m) => count(m[1]!) });
  // The last-players clause is read apart: a rewrite without it keeps the win by points (0: none).
  const few = api.param('last players', { pattern: /only (\d+|[a-z]+) (?:\(active\) |active )?players|$/i, parse: (m) => (m[1] === undefined ? 0 : count(m[1])) });
  const bonus = api.param('last players points', { pattern: /they each receive (\d+|[a-z]+) points|$/i, parse: (m) => (m[1] === undefined ? 0 : count(m[1])) });
  const game = () => api.get('game/game')!.attrs;

  const check = () => {
    if (game().winner != null) return;
    const active = api.all('player', (p) => p.attrs.active === true);
    if (few > 0 && active.length === few) {
      for (const p of active) api.set(p.key, 'points', Number(p.attrs.points ?? 0) + bonus);
      api.win(active.map((p) => p.id), `only ${few} active players are left: each receives ${bonus} points and all win (Rule 330)`);
      return;
    }
    const reached = api.all('player', (p) => Number(p.attrs.points ?? 0) >= target).map((p) => p.id);
    if (reached.length) api.win(reached, `achieved ${target} points (Rule 330)`);
  };
  api.export('check', check);
  api.settle(check);
}
