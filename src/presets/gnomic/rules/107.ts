// Rule 107: no rule change takes effect before the vote that adopted it is complete. A change made on
// the authority of a proposal ("proposal N") whose votes are not yet counted, or that does not
// exist, is refused. Whether a change has retroactive application is for the Judge.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('rule-change', (ctx) => {
    const m = String(ctx.args.cause ?? '').match(/^proposal (\S+)/);
    if (!m) return undefined;
    const h = api.all('proposal', (p) => String(p.attrs.number) === m[1])[0];
    if (!h) return `Rule 107: there is no proposal ${m[1]}, so no vote adopted this change`;
    if (h.attrs.counted !== true) return `Rule 107: the vote on proposal ${m[1]} is not complete, so it cannot take effect yet`;
    return undefined;
  });
}
