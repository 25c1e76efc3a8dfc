// Rule 107: no rule-change takes effect before the completion of the vote that adopted it. A change
// of the rules made in a proposal's name is refused unless that proposal's vote is complete and
// adopted it.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const m = String(ctx.args.cause).match(/^proposal (\d+)\b/);
    if (!m) return undefined;
    const p = api.all('proposal', (p) => String(p.attrs.number) === m[1])[0];
    if (p && p.attrs.status === 'adopted' && p.attrs.voteCompleted === true) return undefined;
    return `Rule 107: proposal ${m[1]} cannot take effect before the vote adopting it is complete`;
  });
}
