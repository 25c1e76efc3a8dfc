// Rule 4E20: Players May Vote. Every Player is a Registered Voter (4E15 asks this rule).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('voters', { pattern: /All Players are Registered Voters/ });
  api.export('isVoter', (id: string) => Boolean(api.get('player/' + id)));
}
