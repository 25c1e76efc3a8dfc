// Rule 103: a rule-change enacts, repeals or amends a mutable rule, or transmutes a rule. A proposal
// that would amend, repeal, retitle or renumber an immutable rule (without transmuting it first in
// the same proposal) is refused when proposed.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const invalid = (changes: any[]): string | null => {
    const mutable = new Map<string, boolean>();
    const isMutable = (n: string) => mutable.get(n) ?? api.rule(n)?.attrs.mutable === true;
    const changed = new Set<string>();
    for (const c of changes ?? []) {
      const kind = c && Object.keys(c)[0];
      const target = kind && c[kind] && c[kind].rule !== undefined ? String(c[kind].rule) : undefined;
      if (kind === 'transmute' && target !== undefined) {
        if (!api.rule(target)) return `there is no rule ${target}`;
        mutable.set(target, c.transmute.mutable ?? !isMutable(target));
        changed.add(target);
        continue;
      }
      // Rule 108 gives a transmuted or amended rule the proposal's number: bookkeeping, not a rule-change.
      if (kind === 'renumber' && target !== undefined && changed.has(target)) continue;
      if (kind === 'amend' && target !== undefined) changed.add(target);
      if (target === undefined || !['amend', 'repeal', 'retitle', 'renumber', 'set'].includes(kind)) continue;
      if (!api.rule(target)) return `there is no rule ${target}`;
      if (!isMutable(target)) return `Rule 103: rule ${target} is immutable; a rule-change may only transmute it`;
    }
    return null;
  };
  api.export('invalid', invalid);

  api.check('propose', (ctx) => {
    const changes = ctx.args.changes ?? api.lib.parseProposal(String(ctx.args.text ?? '')).changes;
    return Array.isArray(changes) ? invalid(changes) ?? undefined : undefined;
  });
}
