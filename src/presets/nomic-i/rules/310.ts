// Rule 310: a player may change their vote at most three times per proposal (a new vote after the
// first is a change). A vote whose message is edited does not count (it is taken off the tally
// until the player votes again); a deleted vote is treated as no vote, and deleting it breaks this
// rule (recorded). `edit-vote` and `delete-vote` record such edits for fronts without message edits.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, eighteen: 18, twenty: 20, 'twenty-four': 24, thirty: 30, 'thirty-six': 36, forty: 40, 'forty-eight': 48, fifty: 50, sixty: 60, seventy: 70, 'seventy-two': 72, hundred: 100 };
  const limit = api.param('changes', { pattern: /change their vote (\d+|[a-z]+) times?/i, parse: (m) => WORDS[m[1]!.toLowerCase()] ?? Number(m[1]) });
  const game = () => api.get('game/game')!.attrs as any;
  const current = () => (game().currentProposal ? api.get('proposal/' + game().currentProposal) : undefined);
  const find = (ref: unknown) => {
    if (ref === undefined || ref === null) return current();
    const s = String(ref).replace(/^#/, '');
    return api.all('proposal', (p) => String(p.attrs.number) === s)[0] ?? api.get('proposal/' + s);
  };

  api.check('vote', (ctx) => {
    if (ctx.medium?.channel && ctx.medium.channel !== 'voting') return 'Rule 310: votes are submitted to #voting';
    const p = find(ctx.args.proposal);
    if (!p) return undefined;
    const voted = ((p.attrs.voters as string[]) ?? []).includes(ctx.agent);
    const changes = ((p.attrs.voteChanges as Record<string, number>) ?? {})[ctx.agent] ?? 0;
    if (voted && changes >= limit) return `Rule 310: you may change your vote only ${limit} times per proposal`;
  });

  const strike = (p: { id: string; key: string; attrs: any }, voter: string, how: 'edited' | 'deleted') => {
    const votes = { ...(p.attrs.votes as Record<string, any>) };
    if (!votes[voter]) return false;
    delete votes[voter];
    const list = how === 'edited' ? 'editedVotes' : 'deletedVotes';
    api.update(p.key, { votes, [list]: [...((p.attrs[list] as string[]) ?? []), voter] });
    if (how === 'deleted') api.log(`${voter} deleted their vote on proposal ${p.attrs.number}: it is treated as no vote, and Rule 310 forbids deleting votes`);
    if (api.imported('105', 'recount')) api.call('105', 'recount', p.key);
    api.emit('vote-struck', { proposal: p.id, voter, how });
    return true;
  };

  const open = (p: { attrs: any } | undefined) => p && p.attrs.status === 'voting' && p.attrs.voteCompleted !== true;
  for (const how of ['edited', 'deleted'] as const) {
    api.action(how === 'edited' ? 'edit-vote' : 'delete-vote', {
      describe: how === 'edited'
        ? 'Record that you edited your vote message: the vote no longer counts until you vote again.'
        : 'Record that you deleted your vote message: it is treated as no vote (Rule 310 forbids it).',
      args: { proposal: 'json?' },
      legal(ctx) {
        const p = find(ctx.args.proposal);
        if (!open(p)) return 'no proposal is up for vote';
        if (!(p!.attrs.votes as Record<string, unknown>)[ctx.agent]) return 'you have no vote on this proposal';
      },
      perform(ctx) {
        const p = find(ctx.args.proposal)!;
        strike(p, ctx.agent, how);
        return p.key;
      },
    });
  }

  for (const [event, how] of [['message-edited', 'edited'], ['message-deleted', 'deleted']] as const) {
    api.on(event, (e) => {
      const p = current();
      if (!open(p)) return;
      const mine = (p!.attrs.votes as Record<string, { messageId?: string | null }>)[e.payload.person];
      if (mine?.messageId && mine.messageId === e.payload.messageId) strike(p!, String(e.payload.person), how);
    });
  }
}
