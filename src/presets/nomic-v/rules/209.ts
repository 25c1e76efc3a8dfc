// Rule 209: votes change by voting again and are withdrawn with "withdraw"; an edited vote loses
// its status; endorsements are granted and withdrawn freely.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const withdrawPhrase = api.param('withdrawal phrase', { pattern: /withdraw their votes with the phrase [“"](.+?)[”"]/i });
  api.export('isWithdrawal', (phrase: string) => phrase.trim().toLowerCase() === withdrawPhrase.toLowerCase());

  const proposal = (ref: unknown) =>
    api.get('proposal/' + String(ref)) ?? api.all('proposal', (p) => ref !== null && String(p.attrs.number) === String(ref).replace(/^#/, ''))[0];

  api.action('unendorse', {
    describe: 'Withdraw your endorsement of a proposal.',
    args: { proposal: 'json' },
    legal(ctx) {
      const p = proposal(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (!(p.attrs.endorsers as string[] ?? []).includes(ctx.agent)) return 'you do not endorse this proposal';
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      api.set(p.key, 'endorsers', (p.attrs.endorsers as string[]).filter((e) => e !== ctx.agent));
      return p.key;
    },
  });

  // An edited vote loses its vote status: the vote cast by that message no longer counts.
  api.on('message-edited', (e) => {
    for (const p of api.all('proposal', (p) => p.attrs.status === 'voting')) {
      const votes = { ...(p.attrs.votes as Record<string, { messageId?: string | null }>) };
      const mine = votes[e.payload.person];
      if (!mine || !mine.messageId || mine.messageId !== e.payload.messageId) continue;
      delete votes[e.payload.person];
      api.set(p.key, 'votes', votes);
      api.set(p.key, 'editedVotes', [...((p.attrs.editedVotes as string[]) ?? []), e.payload.person]);
      if (api.imported('204', 'recount')) api.call('204', 'recount', p.key);
      api.log(`${e.payload.person}'s vote on proposal ${p.attrs.number} was edited and lost its vote status (Rule 209)`);
    }
  });
}
