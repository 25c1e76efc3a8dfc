// Rule 108: a proposal that transmutes an immutable rule into a mutable one is adopted only if the
// vote is unanimous among the eligible voters (every active player votes in favour).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('adopt', (ctx) => {
    const p = api.get('proposal/' + ctx.args.proposal);
    if (!p) return undefined;
    const transmutes = ((p.attrs.changes as any[]) ?? []).some((c) => {
      if (!c || !c.transmute) return false;
      const rule = api.rule(String(c.transmute.rule));
      return rule !== undefined && rule.attrs.mutable !== true && c.transmute.mutable !== false;
    });
    if (!transmutes) return undefined;
    const eligible = api.all('player', (pl) => pl.attrs.active === true).map((pl) => pl.id);
    const votes = p.attrs.votes as Record<string, { vote: string }>;
    const unanimous = eligible.length > 0 && eligible.every((v) => votes[v]?.vote === 'for');
    return unanimous ? undefined : 'Rule 108: transmuting an immutable rule needs every eligible voter in favour';
  });
}
