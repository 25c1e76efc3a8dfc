// Rule 110: an immutable rule takes precedence over a mutable one (this orders every rule: immutable
// rules first), and a mutable rule in conflict with an immutable one is entirely void. The rules the
// ruleset lists as "(void: ...)" are marked `void` when the game begins (a void rule stays in the
// ruleset, but its code does not run); a Judge may void or restore a rule by a correction that sets
// its `void` attribute (Rule 212).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.precedence((a, b) => {
    const ma = a.attrs.mutable === true;
    const mb = b.attrs.mutable === true;
    return ma === mb ? 0 : ma ? 1 : -1;
  });

  api.on('setup', () => {
    for (const r of api.rules()) {
      const status = String(r.attrs.status ?? '');
      if (/^void\b/i.test(status) && r.attrs.void !== true) api.change.setAttr(r.number, 'void', true, { cause: `Rule 110: ${status}` });
    }
  });

  api.export('permitsRuleChange', (args: JsonObject) => args.kind === 'set' && /^Rule 110\b/.test(String(args.cause)));
}
