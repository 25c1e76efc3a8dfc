// Rule 205: an adopted rule-change takes full effect at the moment of the completion of the vote
// that adopted it: its changes are applied as the proposal is adopted, all of them or none, with
// the numbers Rule 108 gives.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('moment', { pattern: /at the moment of the completion of the vote/ });
  api.on('proposal-adopted', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p || p.attrs.applied === true) return;
    const number = Number(p.attrs.number);
    const changes = api.imported('108', 'numbered') ? api.call<any[]>('108', 'numbered', p.attrs.changes, number) : (p.attrs.changes as any[]);
    const invalid = api.imported('103', 'invalid') ? api.call<string | null>('103', 'invalid', changes) : null;
    const result = invalid ? { ok: false, error: invalid } : api.applyChanges(changes, { cause: `proposal ${number}` });
    api.update(p.key, { applied: true, appliedAt: api.now(), effect: result.ok ? 'applied' : `failed: ${result.error}` });
    api.message('all', result.ok ? `Proposal ${number} takes effect.` : `Proposal ${number} could not take effect: ${result.error}`, { channel: 'game' });
  });
}
