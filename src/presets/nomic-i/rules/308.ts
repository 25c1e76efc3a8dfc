// Rule 308: when a rule receives a new number, every rule that references it ("Rule 304") is
// updated to the new number, without changing the numbering of the updated rules. Immutable rules
// are not rewritten (a mutable rule cannot change them, Rule 110), nor ranges ("Rules 101-116").
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('references', { pattern: /all rules that reference said rule are updated/ });
  api.on('rule-changed', (e) => {
    if (e.payload.kind !== 'renumbered') return;
    const rule = api.rule(String(e.payload.rule));
    const history = (rule?.attrs.history as any[]) ?? [];
    const last = [...history].reverse().find((h) => h.kind === 'renumbered');
    if (!rule || !last || last.before === null || last.before === undefined) return;
    const before = String(last.before);
    const after = String(rule.number);
    const pattern = new RegExp(`(?<![\\d–-])(\\bRules?\\s+)${before}\\b(?![–-]\\d)`, 'g');
    for (const other of api.rules()) {
      if (other.id === rule.id || other.attrs.mutable !== true || !pattern.test(other.text)) continue;
      pattern.lastIndex = 0;
      api.change.amend(other.number, { text: other.text.replace(pattern, `$1${after}`) }, { cause: `${e.payload.cause}: references to Rule ${before} updated (Rule 308)` });
      pattern.lastIndex = 0;
    }
  });
}
