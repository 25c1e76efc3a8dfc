// Rule 107: each proposal put to a vote gets the next number, starting from 301.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const first = api.param('first number', { pattern: /numbers shall begin with (\d+)/, parse: (m) => Number(m[1]) });
  api.export('assign', () => api.nextNumber('proposal-number', first));
}
