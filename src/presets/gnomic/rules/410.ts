// Rule 410: players may also shout "UNRULEWORTHY!!!" (Rule 383) at a proposal that is unnecessarily
// obfuscated: adds the ground `obfuscated`.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('ground', { pattern: /unnecessarily obfuscated/ });
  api.export('unruleworthyGrounds', { obfuscated: 'it is unnecessarily obfuscated' });
}
