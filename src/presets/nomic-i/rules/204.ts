// Rule 204: when a rule-change can be adopted without unanimity (anything but a transmutation,
// Rule 109, and while Rule 302 asks a majority short of unanimity), the players who voted against an adopted proposal receive 10 points each.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const award = api.param('points', { pattern: /shall receive (\d+) points each/i, parse: (m) => Number(m[1]) });
  api.on('proposal-adopted', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    if (!p) return;
    const unanimityNeeded = (api.imported('109', 'requiresUnanimity') ? api.call<boolean>('109', 'requiresUnanimity', p.id) : false)
      || (api.imported('302', 'unanimous') ? api.call<boolean>('302', 'unanimous') : false);
    if (unanimityNeeded) return;
    const votes = p.attrs.votes as Record<string, { vote: string }>;
    const against = Object.entries(votes).filter(([voter, v]) => v.vote === 'against' && api.get('player/' + voter)?.attrs.active === true).map(([voter]) => voter);
    for (const voter of against) {
      const pl = api.get('player/' + voter)!;
      api.set(pl.key, 'points', Number(pl.attrs.points ?? 0) + award);
    }
    if (against.length) {
      api.update(p.key, { pointsAwarded: against });
      if (api.imported('330', 'check')) api.call('330', 'check');
    }
  });
}
