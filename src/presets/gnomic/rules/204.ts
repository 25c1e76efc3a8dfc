// Rule 204: while rule-changes can be adopted without unanimity (some rule, like Rule 322, sets the
// required votes below every voter), every player who voted against a winning proposal (one that was
// adopted) receives 10 points. Rule 418 says which hacks are "proposals" here: in a rule numbered
// below 414, every proposed rule change, meta-amendments included.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const bonus = api.param('bonus', { pattern: /shall receive (\d+) points each/, parse: (m) => Number(m[1]) });
  const isProposal = (id: string) =>
    typeof api.imported('418', 'isProposal') === 'function' ? api.call<boolean>('418', 'isProposal', api.self.number, id) : true;

  api.on('hacks-resolved', (e) => {
    const withoutUnanimity = api.rules().some((r) => api.imported(r.number, 'requiredVotes') !== undefined);
    if (!withoutUnanimity) return;
    for (const id of e.payload.hacks as string[]) {
      const h = api.get('proposal/' + id);
      if (!h || h.attrs.status !== 'adopted' || !isProposal(id)) continue;
      const votes = (h.attrs.votes as Record<string, string>) ?? {};
      for (const [voter, vote] of Object.entries(votes)) {
        if (vote !== 'against') continue;
        const p = api.get('player/' + voter);
        if (!p || p.attrs.left === true) continue;
        api.set(p.key, 'points', Number(p.attrs.points ?? 0) + bonus);
        api.log(`${voter} receives ${bonus} points for voting against ${h.attrs.kind} ${h.attrs.number}, which won (Rule 204)`);
      }
    }
  });
}
