// Rule 418: meta nomenclature. In rules numbered 414 or higher, "proposal" means only the proposals a
// player makes in his own turn in his initial post, "meta-amendment" an amendment of a proposal made
// under Rule 401, and "hack" both; in rules numbered 413 or lower, "proposal" means every proposed
// rule change. Rules ask `isProposal(their number, hack)`; a rule renumbered by an amendment
// (Rule 108) changes usage with its number.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const from = api.param('new usage from', { pattern: /In all rules numbered (\d+) or higher/, parse: (m) => Number(m[1]) });
  const newUsage = (rule: string) => {
    const n = Number(String(rule).match(/^\d+/)?.[0] ?? NaN);
    return Number.isFinite(n) && n >= from;
  };
  api.export('newUsage', newUsage);
  api.export('isProposal', (rule: string, hack: string) => {
    const h = api.get('proposal/' + hack);
    if (!h) return false;
    return newUsage(rule) ? h.attrs.kind === 'proposal' : true;
  });
}
