// Rule 205: an adopted rule-change takes full effect at the start of the turn after the one it was
// adopted on. Rule 107: a rule it enacts receives the proposal's number.
// Readings: "replace X with Y" where X occurs several times in the rule (Rules 206 and 214 repeat
// a paragraph) replaces every occurrence, as the words say; a proposal that enacts a single rule
// without a title of its own gives that rule the proposal's title.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const count = (text: string, part: string) => (part === '' ? 0 : text.split(part).length - 1);

  /** Amendments whose quoted text occurs more than once become whole-text amendments replacing each occurrence. */
  const replaceEvery = (changes: any[]) => {
    const touched = new Set<string>();
    return changes.map((c) => {
      const kind = c && typeof c === 'object' ? Object.keys(c)[0] : undefined;
      const spec = kind ? c[kind] : undefined;
      const target = spec && spec.rule !== undefined ? String(spec.rule) : undefined;
      const earlier = target !== undefined && touched.has(target);
      if (target !== undefined) touched.add(target);
      if (kind !== 'amend' || earlier || spec.text !== undefined || !Array.isArray(spec.replace) || !spec.replace.length) return c;
      const rule = api.rule(target!);
      if (!rule) return c;
      let text = rule.text;
      let several = false;
      for (const r of spec.replace as { from: string; to: string }[]) {
        const n = count(text, String(r.from ?? ''));
        if (n === 0) return c; // absent: left to the kernel, which says so
        if (n > 1) several = true;
        text = text.split(String(r.from)).join(String(r.to ?? ''));
      }
      if (!several) return c;
      const { replace: _replace, ...rest } = spec;
      return { amend: { ...rest, text } };
    });
  };

  const applyDue = () => {
    const due = api.all('proposal', (p) => p.attrs.status === 'adopted' && p.attrs.applied !== true)
      .sort((a, b) => Number(a.attrs.number) - Number(b.attrs.number));
    for (const p of due) {
      const number = String(p.attrs.number);
      const enacts = (p.attrs.changes as any[]).filter((c) => c && c.enact).length;
      let enacted = 0;
      const changes = replaceEvery((p.attrs.changes as any[]).map((c) => {
        if (!c || !c.enact) return c;
        const titled = enacts === 1 && !c.enact.title && p.attrs.title ? { title: String(p.attrs.title) } : {};
        if (c.enact.number) return { enact: { ...c.enact, ...titled } };
        enacted++;
        return { enact: { ...c.enact, ...titled, number: enacted === 1 ? number : `${number}-${enacted}` } };
      }));
      const invalid = api.imported('103', 'invalid') ? api.call<string | null>('103', 'invalid', changes) : null;
      const result = invalid ? { ok: false, error: invalid } : api.applyChanges(changes, { cause: `proposal ${number}` });
      api.update(p.key, { applied: true, appliedAt: api.now(), effect: result.ok ? 'applied' : `failed: ${result.error}` });
      api.message('all', result.ok ? `Proposal ${number} takes effect.` : `Proposal ${number} could not take effect: ${result.error}`, { channel: 'game' });
    }
  };
  api.export('applyDue', applyDue);
  api.on('turn-starts', () => applyDue());
}
