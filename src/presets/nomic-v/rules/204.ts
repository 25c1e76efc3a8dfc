// Rule 204: every active player is an eligible voter; a rule-change is adopted iff a simple
// majority of the votes are in favour (a tie is not a majority), plus any condition other rules add
// as checks on the `adopt` action (Rule 108 adds unanimity for transmutations).
import type { RuleApi } from '../../../kernel/rule-api.js';

type Vote = { vote: 'for' | 'against'; phrase: string; at: number; messageId?: string | null };

export default function (api: RuleApi) {
  const proposal = (ref: unknown) =>
    api.get('proposal/' + String(ref)) ?? api.all('proposal', (p) => ref !== null && String(p.attrs.number) === String(ref).replace(/^#/, ''))[0];
  const isActive = (name: string) => api.get('player/' + name)?.attrs.active === true;
  const current = () => {
    const id = api.get('game/game')!.attrs.currentProposal;
    return id ? api.get('proposal/' + id) : api.all('proposal', (p) => p.attrs.status === 'voting')[0];
  };

  // The majority the text asks for: "a simple majority" (more for than against), or a fraction an
  // amendment writes ("two-thirds", "2/3", "75%", "unanimous"): at least that share of the votes, in favour.
  const WORDS: Record<string, number> = { half: 1 / 2, 'two-thirds': 2 / 3, 'two thirds': 2 / 3, 'three-quarters': 3 / 4, 'three quarters': 3 / 4, 'three-fourths': 3 / 4, 'three fourths': 3 / 4 };
  const needed = (): number | null => {
    const text = api.self.text;
    if (/simple majority/i.test(text)) return null;
    if (/\bunanimous(?:ly)?\b/i.test(text)) return 1;
    const m = text.match(/\b(two[- ]thirds|three[- ](?:quarters|fourths))\b|(\d+)\s*\/\s*(\d+)\s+(?:majority|of)|(\d+(?:\.\d+)?)\s*%/i);
    if (!m) return null;
    if (m[1]) return WORDS[m[1].toLowerCase()] ?? null;
    if (m[2] && m[3] && Number(m[3]) > 0) return Number(m[2]) / Number(m[3]);
    if (m[4]) return Number(m[4]) / 100;
    return null;
  };
  const passes = (votesFor: number, votesAgainst: number) => {
    const share = needed();
    if (share === null) return votesFor > votesAgainst;
    return votesFor > 0 && votesFor >= share * (votesFor + votesAgainst);
  };

  /** Counts the current votes of eligible (active) voters and records the tally on the proposal. */
  const recount = (key: string) => {
    const votes = api.get(key)!.attrs.votes as Record<string, Vote>;
    let votesFor = 0;
    let votesAgainst = 0;
    for (const [voter, v] of Object.entries(votes)) {
      if (!isActive(voter)) continue;
      if (v.vote === 'for') votesFor++;
      else votesAgainst++;
    }
    api.update(key, { votesFor, votesAgainst });
    return { votesFor, votesAgainst };
  };
  api.export('recount', recount);

  api.action('vote', {
    describe: 'Vote on the proposal up for vote, in your own words; Rule 210 says which words are votes, Rule 209 lets you withdraw with "withdraw".',
    args: { proposal: 'json?', vote: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'only players may vote';
      if (!isActive(ctx.agent)) return 'Rule 204: only active players are eligible voters';
      const p = ctx.args.proposal == null ? current() : proposal(ctx.args.proposal);
      if (!p) return ctx.args.proposal == null ? 'no proposal is up for vote' : `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'voting') return `proposal ${p.attrs.number ?? p.id} is not up for vote (it is ${p.attrs.status})`;
    },
    perform(ctx) {
      const p = ctx.args.proposal == null ? current()! : proposal(ctx.args.proposal)!;
      const phrase = String(ctx.args.vote).trim();
      const votes = { ...(p.attrs.votes as Record<string, Vote>) };
      const isWithdrawal = api.imported('209', 'isWithdrawal') ? api.call<boolean>('209', 'isWithdrawal', phrase) : false;
      if (isWithdrawal) {
        if (!votes[ctx.agent]) api.refuse('you have no vote on this proposal to withdraw');
        delete votes[ctx.agent];
      } else {
        const meaning = api.imported('210', 'meaning') ? api.call<'for' | 'against' | null>('210', 'meaning', phrase) : null;
        if (meaning === null) api.refuse(`Rule 113: "${phrase}" is not a vote; Rule 210 lists the phrases that are`);
        votes[ctx.agent] = { vote: meaning, phrase, at: ctx.now, messageId: ctx.medium?.messageId ?? null };
      }
      api.update(p.key, { votes, voters: [...new Set([...(p.attrs.voters as string[]), ctx.agent])] });
      recount(p.key);
      return p.key;
    },
  });

  // A message in a channel designated for votes is read as a vote on the proposal up for vote. A
  // message that comes through no channel (as an action without one does) is read as a vote only
  // when it is nothing but a vote phrase or "withdraw".
  api.on('message', (e) => {
    const channel = e.payload.medium?.channel;
    if (!current()) return;
    if (!channel) {
      const text = String(e.payload.text);
      const phrase = api.imported('210', 'meaning') ? api.call<'for' | 'against' | null>('210', 'meaning', text) : null;
      const withdrawal = api.imported('209', 'isWithdrawal') ? api.call<boolean>('209', 'isWithdrawal', text) : false;
      if (phrase === null && !withdrawal) return;
    } else {
      // A channel's name as people write it: "#voting", "Voting" and "voting" are one channel; "votes"
      // is the voting channel unless a moderator made a channel of that name.
      let name = String(channel).trim().replace(/^#/, '').toLowerCase();
      if (!api.get('channel/' + name) && /^votes?$/.test(name)) name = 'voting';
      const designated = api.get('channel/' + name)?.attrs.actions as string[] | undefined;
      if (!designated?.includes('vote')) return;
    }
    api.perform('vote', { vote: String(e.payload.text) }, { agent: e.payload.person, person: e.payload.person, medium: e.payload.medium });
  });

  api.action('adopt', {
    describe: 'Adopts a proposal when its vote ends. Performed by the rules, never by a person.',
    args: { proposal: 'string' },
    legal(ctx) {
      if (ctx.invokedBy !== 'rule') return 'proposals are adopted by their vote, not on request';
      const p = api.get('proposal/' + ctx.args.proposal);
      if (!p || p.attrs.status !== 'voting') return 'the proposal is not up for vote';
      const { votesFor, votesAgainst } = recount(p.key);
      if (!passes(votesFor, votesAgainst)) {
        const share = needed();
        return `Rule 204: ${votesFor} votes in favour of ${votesFor + votesAgainst} is not ${share === null ? 'a simple majority' : `the ${Math.round(share * 1000) / 10}% required`}`;
      }
    },
    perform(ctx) {
      const p = api.get('proposal/' + ctx.args.proposal)!;
      api.update(p.key, { status: 'adopted', adoptedAt: ctx.now, adoptedTurn: api.get('game/game')!.attrs.turn ?? null });
      return p.key;
    },
  });

  api.on('voting-ends', (e) => {
    const p = e.payload.proposal ? api.get('proposal/' + e.payload.proposal) : undefined;
    if (!p || p.attrs.status !== 'voting') return;
    const result = api.perform('adopt', { proposal: p.id }, { agent: 'rule 204' });
    const tally = recount(p.key);
    if (!result.ok) api.update(p.key, { status: 'rejected', rejectedBecause: result.error ?? null });
    api.update(p.key, { votingEndedAt: api.now() });
    api.message('all', `Proposal ${p.attrs.number} is ${result.ok ? 'adopted' : 'rejected'}: ${tally.votesFor} for, ${tally.votesAgainst} against.`, { channel: 'voting' });
    api.emit(result.ok ? 'proposal-adopted' : 'proposal-rejected', { proposal: p.id });
  });

  // Activity can change mid-vote: the tally always counts only eligible voters.
  api.settle(() => {
    for (const p of api.all('proposal', (p) => p.attrs.status === 'voting')) recount(p.key);
  });
}
