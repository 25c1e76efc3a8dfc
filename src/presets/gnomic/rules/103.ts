// Rule 103: a rule-change enacts, repeals or amends a mutable rule, or transmutes a rule. So new rules
// are mutable, and a change that would amend, repeal or retitle an immutable rule (or set its text)
// is refused, unless the same proposal first transmutes it: when proposed and when it would take
// effect (`invalidChanges`), and by a check on every rule-change the engine makes.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

const TEXTUAL = ['text', 'title', 'code', 'mutable', 'number'];

export default function (api: RuleApi) {
  const invalid = (changes: Json[]): string | null => {
    const mutable = new Map<string, boolean>();
    const isMutable = (n: string) => mutable.get(n) ?? api.rule(n)?.attrs.mutable === true;
    for (const c of (changes ?? []) as any[]) {
      const kind = c && typeof c === 'object' ? Object.keys(c)[0] : undefined;
      if (!kind) continue;
      if (kind === 'enact' && c.enact && c.enact.mutable === false) return 'Rule 103: an enactment makes a mutable rule; a new rule can be made immutable only by transmuting it';
      const target = c[kind] && c[kind].rule != null ? String(c[kind].rule) : undefined;
      if (target === undefined) continue;
      if (!api.rule(target)) return `there is no rule ${target}`;
      if (kind === 'transmute') {
        mutable.set(target, c.transmute.mutable ?? !isMutable(target));
        continue;
      }
      const textual = ['amend', 'repeal', 'retitle'].includes(kind) || (kind === 'set' && TEXTUAL.includes(String(c.set.attribute)));
      if (textual && !isMutable(target)) return `Rule 103: rule ${target} is immutable; a rule-change may only transmute it`;
    }
    return null;
  };
  api.export('invalidChanges', invalid);

  api.check('rule-change', (ctx) => {
    const { kind, rule } = ctx.args as { kind: string; rule: string | null };
    if (rule === null || !['amend', 'repeal', 'retitle'].includes(kind)) return undefined;
    const r = api.rule(rule);
    if (r && r.attrs.mutable !== true) return `Rule 103: rule ${rule} is immutable; it may be transmuted, not ${kind === 'amend' ? 'amended' : kind === 'repeal' ? 'repealed' : 'retitled'}`;
    return undefined;
  });
}
