// Rule 0: Ruleset and Gamestate. Every rule has a unique, finite, nonnegative integer number;
// rules numbered below 1000 are Fundamental (FRs), the others Not So Fundamental (NSFRs), recorded
// on each rule as `fundamental`. The Ruleset may not be altered except as the Rules specify: an
// accepted Proposal or a Proclamation (Rule 3) and the end of a Round (Rule 7). (The Enactment Date
// this rule defines is computed where it is used, by Rule 6.)
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const boundary = api.param('first NSFR number', { pattern: /greater than or equal to (\d+)/, parse: (m) => Number(m[1]) });
  const isFundamental = (number: string) => /^\d+$/.test(number) && Number(number) < boundary;
  api.export('isFundamental', isFundamental);

  // Who may change the Ruleset: the causes the Rules specify, and the game's own setup.
  api.check('rule-change', (ctx) => {
    const { kind, rule, cause } = ctx.args as { kind: string; rule: string | null; cause: string };
    if (kind === 'enact' && rule !== null && !/^\d+$/.test(rule)) {
      return `Rule 0: a rule's number must be a unique, finite, nonnegative integer, not "${rule}"`;
    }
    if (/^(proposal|proclamation|round|preset|import|setup)\b/i.test(cause)) return undefined;
    return `Rule 0: the Ruleset may not be altered except as specified in the Rules (by an accepted Proposal or a Proclamation), not by ${cause}`;
  });

  api.settle(() => {
    for (const rule of api.rules()) {
      const fundamental = isFundamental(rule.number);
      if (rule.attrs.fundamental !== fundamental) api.set(rule.key, 'fundamental', fundamental);
    }
  });
}
