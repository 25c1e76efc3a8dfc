// Rule 103: a rule-change enacts, repeals or amends a mutable rule, or transmutes a rule. A proposal
// that would amend, repeal, retitle or renumber an immutable rule (without first transmuting it in
// the same proposal) is refused when proposed and cannot take effect when adopted.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const invalid = (changes: any[]): string | null => {
    const mutable = new Map<string, boolean>();
    const isMutable = (n: string) => mutable.get(n) ?? api.rule(n)?.attrs.mutable === true;
    for (const c of changes ?? []) {
      const kind = c && Object.keys(c)[0];
      const target = kind && c[kind] && c[kind].rule !== undefined ? String(c[kind].rule) : undefined;
      if (kind === 'transmute' && target !== undefined) {
        mutable.set(target, c.transmute.mutable ?? !isMutable(target));
        continue;
      }
      if (target === undefined || !['amend', 'repeal', 'retitle', 'renumber', 'set'].includes(kind)) continue;
      if (!api.rule(target)) return `there is no rule ${target}`;
      if (!isMutable(target)) return `Rule 103: rule ${target} is immutable; a rule-change may only transmute it`;
    }
    return null;
  };
  api.export('invalid', invalid);

  api.check('propose', (ctx) => {
    const text = String(ctx.args.text ?? '');
    const given = ctx.args.changes && typeof ctx.args.changes === 'object' && !Array.isArray(ctx.args.changes) ? [ctx.args.changes] : ctx.args.changes;
    const changes = given ?? (api.imported('201', 'parse') ? api.call<{ changes: unknown[] }>('201', 'parse', text) : api.lib.parseProposal(text)).changes;
    return Array.isArray(changes) ? invalid(changes) ?? undefined : undefined;
  });
}
