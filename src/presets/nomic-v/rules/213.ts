// Rule 213: winning stays "achieving n points". A proposal that would amend the rule stating the
// win condition so that it no longer says "achieve N points" is refused when proposed; changing N,
// or the means of earning points, is allowed. Reading: repealing that rule is not an alteration of
// what constitutes winning (the rule can be repealed; then nobody wins by points).
import type { RuleApi } from '../../../kernel/rule-api.js';

// "achieve n points" in the words an amendment may use for the same state of affairs.
const WIN = /(?:achiev|reach|attain|obtain|accumulat|acquir)\w*\s+(?:at\s+least\s+|a\s+total\s+of\s+)?(?:-?\d+|n|\*n\*)\s+(?:\(positive\)\s+)?(?:or\s+more\s+)?points?/i;

export default function (api: RuleApi) {
  const altered = (changes: any[]): string | null => {
    const texts = new Map<string, string>();
    const textOf = (n: string) => texts.get(n) ?? api.rule(n)?.text;
    for (const c of changes ?? []) {
      if (!c || typeof c !== 'object' || !c.amend || c.amend.rule === undefined) continue;
      const n = String(c.amend.rule);
      const before = textOf(n);
      if (before === undefined) continue;
      let after = c.amend.text !== undefined ? String(c.amend.text) : before;
      for (const r of (c.amend.replace ?? []) as { from: string; to: string }[]) {
        if (r && r.from) after = after.split(String(r.from)).join(String(r.to ?? ''));
      }
      texts.set(n, after);
      if (WIN.test(before) && !WIN.test(after)) {
        return `Rule 213: the state of affairs that constitutes winning may not be altered from achieving n points (the amendment of rule ${n} would)`;
      }
    }
    return null;
  };
  api.export('altered', altered);

  api.check('propose', (ctx) => {
    const text = String(ctx.args.text ?? '');
    const given = ctx.args.changes && typeof ctx.args.changes === 'object' && !Array.isArray(ctx.args.changes) ? [ctx.args.changes] : ctx.args.changes;
    const changes = given ?? (api.imported('201', 'parse') ? api.call<{ changes: unknown[] }>('201', 'parse', text) : api.lib.parseProposal(text)).changes;
    return Array.isArray(changes) ? altered(changes) ?? undefined : undefined;
  });
}
