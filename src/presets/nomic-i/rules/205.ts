// Rule 205: an adopted rule-change takes full effect at the moment of the completion of the vote
// that adopted it: its changes are applied as the proposal is adopted, all of them or none, with
// the numbers Rule 108 gives. A replacement whose quote the rule has more than once replaces
// every occurrence.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  // "Amend Rule 306 by replacing "thirty-six (36) hours" with "twelve (12) hours"": a quote that the
  // rule has more than once is replaced everywhere it occurs (the kernel refuses an ambiguous quote).
  const everywhere = (changes: any[]): any[] => {
    const touched = new Set<string>();
    return changes.map((c) => {
      const a = c?.amend;
      const target = c && typeof c === 'object' ? Object.values(c as Record<string, any>)[0]?.rule : undefined;
      if (target !== undefined && touched.has(String(target))) return c; // its text is no longer the rule's
      if (target !== undefined) touched.add(String(target));
      if (!a || a.text !== undefined || !Array.isArray(a.replace) || !a.replace.length) return c;
      const rule = api.rule(String(a.rule));
      if (!rule || typeof rule.text !== 'string') return c;
      let text: string = rule.text;
      let repeated = false;
      for (const r of a.replace as { from: string; to: string }[]) {
        const parts: string[] = typeof r?.from === 'string' && r.from !== '' ? text.split(r.from) : [];
        if (parts.length < 2) return c; // not there verbatim: the kernel says so, or matches it across line breaks
        if (parts.length > 2) repeated = true;
        text = parts.join(String(r.to ?? ''));
      }
      if (!repeated) return c;
      const { replace: _replace, ...rest } = a;
      return { ...c, amend: { ...rest, text } };
    });
  };
  api.param('moment', { pattern: /at the moment of the completion of the vote/ });
  api.on('proposal-adopted', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p || p.attrs.applied === true) return;
    const number = Number(p.attrs.number);
    const changes = api.imported('108', 'numbered') ? api.call<any[]>('108', 'numbered', p.attrs.changes, number) : (p.attrs.changes as any[]);
    const invalid = api.imported('103', 'invalid') ? api.call<string | null>('103', 'invalid', changes) : null;
    const result = invalid ? { ok: false, error: invalid } : api.applyChanges(everywhere(changes), { cause: `proposal ${number}` });
    api.update(p.key, { applied: true, appliedAt: api.now(), effect: result.ok ? 'applied' : `failed: ${result.error}` });
    api.message('all', result.ok ? `Proposal ${number} takes effect.` : `Proposal ${number} could not take effect: ${result.error}`, { channel: 'game' });
  });
}
