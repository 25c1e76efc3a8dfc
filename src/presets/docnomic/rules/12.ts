// Rule 12: Manageable Number of Proposals. Duns are counted from the start of the game (dun 0, 1,
// ...). Each Proposal a Player submits in a dun beyond eir first costs em 10 Points; if that would
// leave em with a negative total, the Proposal is ignored instead (status `void`) and no Points
// are lost.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const fine = api.param('fine', { pattern: /loses (\d+) points for each proposal/, parse: (m) => Number(m[1]) });
  const dunOf = (value: unknown) => Math.floor(Number(value) + 1e-9);

  api.on('proposal-submitted', (e) => {
    const p = api.get('proposal/' + e.payload.proposal);
    const player = api.get('player/' + e.payload.author);
    if (!p || !player) return;
    const dun = dunOf(p.attrs.submittedDun);
    const earlier = api.all('proposal', (q) => q.id !== p.id && q.attrs.author === p.attrs.author && dunOf(q.attrs.submittedDun) === dun && Number(q.attrs.number) < Number(p.attrs.number));
    if (earlier.length === 0) return;
    const points = Number(player.attrs.points ?? 0);
    if (points - fine < 0) {
      api.update(p.key, { status: 'void', judgement: 'ignored', ignoredUnder: 'Rule 12', reason: `a Proposal beyond the first in a dun, and losing ${fine} Points would leave ${player.id} with a negative total` });
      api.message('all', `Proposal ${p.attrs.number} is ignored: ${player.id} already submitted a Proposal this dun and cannot lose ${fine} Points (Rule 12).`, { channel: 'list' });
      api.emit('proposal-ignored', { proposal: p.id, author: player.id, number: p.attrs.number as number });
      return;
    }
    api.set(player.key, 'points', points - fine);
    api.set(p.key, 'penalty', fine);
    api.message('all', `${player.id} loses ${fine} Points for Proposal ${p.attrs.number}, a second Proposal in one dun (Rule 12).`, { channel: 'list' });
  });
}
