// Rule 106: a proposed rule-change is written down before it is voted on, and guides play in the
// form it was voted on: a proposal needs its text, and its changes are frozen when it is put to the
// vote (no action edits a proposal; an edited message makes it moot, Rule 303).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('propose', (ctx) => (String(ctx.args.text ?? '').trim() === '' ? 'Rule 106: a proposed rule-change must be written down' : undefined));
}
