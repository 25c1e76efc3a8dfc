// Rule 369: complex rules and complex scores. A proponent may choose a complex number 291+ai for a
// proposal (`complex: true`), a the smallest positive integer not yet so assigned; the rule it makes
// is a complex rule, which no player may follow: its code is suspended. A complex number gives
// complex points (Rule 304): a score is points + pointsI·i. Scores are compared as real scores
// sqrt(a³/|a| + b³/|b|) (zero when the number under the root is negative), kept in each player's
// `realScore`.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const base = api.param('real part', { pattern: /may also rec(?:ie|ei)ve a number (\d+)\+ai/, parse: (m) => Number(m[1]) });
  api.export('assign', () => `${base}+${api.nextNumber('complex-ordinal', 1)}i`);

  const signedSquare = (x: number) => (x === 0 ? 0 : (x * x * x) / Math.abs(x));
  const real = (a: number, b: number) => {
    const radicand = signedSquare(a) + signedSquare(b);
    return radicand < 0 ? 0 : Math.sqrt(radicand);
  };
  api.export('realScore', (player: string) => {
    const p = api.get('player/' + player);
    return p ? real(Number(p.attrs.points ?? 0), Number(p.attrs.pointsI ?? 0)) : 0;
  });
  api.export('real', real);

  api.export('complexChanges', (changes: Json[], number: string) => {
    const makesRule = (changes as JsonObject[]).some((c) => c && (c.enact || c.amend || c.transmute));
    if (!makesRule) return changes;
    return [...changes, { set: { rule: number, attribute: 'complex', value: true } }, { set: { rule: number, attribute: 'suspended', value: true } }];
  });

  api.settle(() => {
    for (const p of api.all('player')) {
      const score = real(Number(p.attrs.points ?? 0), Number(p.attrs.pointsI ?? 0));
      if (p.attrs.realScore !== score) api.set(p.key, 'realScore', score);
    }
  });
}
