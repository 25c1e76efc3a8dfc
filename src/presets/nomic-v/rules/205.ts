// Rule 205: an adopted rule-change takes full effect at the start of the turn after the one it was
// adopted on. Rule 107: a rule it enacts receives the proposal's number.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.on('turn-starts', () => {
    const due = api.all('proposal', (p) => p.attrs.status === 'adopted' && p.attrs.applied !== true)
      .sort((a, b) => Number(a.attrs.number) - Number(b.attrs.number));
    for (const p of due) {
      const number = String(p.attrs.number);
      let enacted = 0;
      const changes = (p.attrs.changes as any[]).map((c) => {
        if (!c || !c.enact || c.enact.number) return c;
        enacted++;
        return { enact: { ...c.enact, number: enacted === 1 ? number : `${number}-${enacted}` } };
      });
      const invalid = api.imported('103', 'invalid') ? api.call<string | null>('103', 'invalid', changes) : null;
      const result = invalid ? { ok: false, error: invalid } : api.applyChanges(changes, { cause: `proposal ${number}` });
      api.update(p.key, { applied: true, appliedAt: api.now(), effect: result.ok ? 'applied' : `failed: ${result.error}` });
      api.message('all', result.ok ? `Proposal ${number} takes effect.` : `Proposal ${number} could not take effect: ${result.error}`, { channel: 'game' });
    }
  });
}
