// Rule 105: every player is an eligible voter and must take part in every vote. Defines `vote`
// (the words are read by Rule 329, or as plain yes/no words without it, one vote each by Rule 207, changes limited by Rule 310); a vote
// in #voting is read the same way. The tally counts the votes of players who hold player status,
// plus a party that votes as one (Rule 316). The vote is complete once every eligible voter has a
// vote that counts; then the rules decide the proposal (Rule 104).
import type { RuleApi } from '../../../kernel/rule-api.js';

type Vote = { vote: 'for' | 'against'; phrase: string; at: number; seq: number; messageId?: string | null; forcedBy?: string | null };

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  const isPlayer = (name: string) => api.get('player/' + name)?.attrs.active === true;
  const players = () => api.all('player', (p) => p.attrs.active === true).map((p) => p.id);
  const proposal = (ref: unknown) => {
    if (ref === undefined || ref === null) {
      const id = game().currentProposal;
      return id ? api.get('proposal/' + id) : undefined;
    }
    const s = String(ref).replace(/^#/, '');
    return api.all('proposal', (p) => p.attrs.number !== null && String(p.attrs.number) === s)[0] ?? api.get('proposal/' + s);
  };

  /** Counts the votes that count now and records the tally on the proposal. */
  const recount = (key: string) => {
    const p = api.get(key)!;
    const votes = p.attrs.votes as Record<string, Vote>;
    const tally = api.imported('207', 'tally')
      ? api.call<{ for: string[]; against: string[] }>('207', 'tally', votes, players())
      : { for: players().filter((v) => votes[v]?.vote === 'for'), against: players().filter((v) => votes[v]?.vote === 'against') };
    const parties = api.imported('316', 'partyVotes') ? api.call<{ party: string; vote: 'for' | 'against' }[]>('316', 'partyVotes', p.id) : [];
    const votesFor = tally.for.length + parties.filter((x) => x.vote === 'for').length;
    const votesAgainst = tally.against.length + parties.filter((x) => x.vote === 'against').length;
    const eligibleVoters = players().length + parties.length;
    api.update(key, { votesFor, votesAgainst, eligibleVoters, partyVotes: parties as any });
    return { votesFor, votesAgainst, eligibleVoters };
  };
  api.export('recount', recount);

  /** The vote is complete when every eligible voter has a vote that counts. */
  const checkComplete = (key: string) => {
    const p = api.get(key);
    if (!p || p.attrs.status !== 'voting' || p.attrs.voteCompleted === true) return;
    recount(key);
    const votes = p.attrs.votes as Record<string, Vote>;
    if (!players().every((v) => votes[v] !== undefined)) return;
    api.update(key, { voteCompleted: true, voteCompletedAt: api.now() });
    api.emit('vote-completed', { proposal: p.id });
  };

  /** Records a vote (also used by Miss Nomic's ability, Rule 333). */
  const cast = (key: string, voter: string, meaning: 'for' | 'against', phrase: string, extra: { messageId?: string | null; forcedBy?: string | null } = {}) => {
    const p = api.get(key)!;
    const votes = { ...(p.attrs.votes as Record<string, Vote>) };
    const voters = (p.attrs.voters as string[]) ?? [];
    const changes = { ...((p.attrs.voteChanges as Record<string, number>) ?? {}) };
    if (voters.includes(voter) && !extra.forcedBy) changes[voter] = (changes[voter] ?? 0) + 1; // a forced vote is not the voter's change
    const seq = Number(p.attrs.voteSeq ?? 0) + 1;
    votes[voter] = { vote: meaning, phrase, at: api.now(), seq, messageId: extra.messageId ?? null, forcedBy: extra.forcedBy ?? null };
    api.update(key, { votes, voters: [...new Set([...voters, voter])], voteChanges: changes, voteSeq: seq });
    api.emit('vote-cast', { proposal: p.id, voter, vote: meaning });
    checkComplete(key);
  };
  api.export('cast', cast);
  api.export('checkComplete', checkComplete);

  // Without Rule 329 (repealed), a vote is for or against in plain words: yes/yay/aye/for/y... or
  // no/nay/against/n...
  const plain = (phrase: string): 'for' | 'against' | null => {
    const w = phrase.trim().toLowerCase();
    if (/^(y|yes|yea|yeah|yay|aye|for|in favou?r|approve|support)\b/.test(w)) return 'for';
    if (/^(n|no|nay|nope|against|oppose|reject)\b/.test(w)) return 'against';
    return null;
  };
  const meaningOf = (phrase: string) => (api.imported('329', 'meaning') ? api.call<'for' | 'against' | null>('329', 'meaning', phrase) : plain(phrase));
  api.export('meaning', meaningOf);

  const vote = (voter: string, key: string, phrase: string, messageId: string | null) => {
    const meaning = meaningOf(phrase);
    if (meaning === null) api.refuse(`"${phrase}" is not a vote`);
    if (!isPlayer(voter)) api.call('306', 'reactivate', voter, 'cast a vote');
    cast(key, voter, meaning!, phrase, { messageId });
    return key;
  };

  api.action('vote', {
    describe: 'Vote on the proposal up for vote (the current one unless `proposal` names it), in your own words: Rule 329 says which words are votes.',
    args: { proposal: 'json?', vote: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'only players may vote';
      const returning = !isPlayer(ctx.agent) && api.imported('306', 'mayReturnByVoting') && api.call<boolean>('306', 'mayReturnByVoting', ctx.agent);
      if (!isPlayer(ctx.agent) && !returning) return 'Rule 105: only players are eligible voters';
      const p = proposal(ctx.args.proposal);
      if (!p) return ctx.args.proposal == null ? 'no proposal is up for vote' : `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'voting' || p.attrs.voteCompleted === true) return `proposal ${p.attrs.number ?? p.id} is not up for vote (it is ${p.attrs.status})`;
    },
    perform: (ctx) => vote(ctx.agent, proposal(ctx.args.proposal)!.key, String(ctx.args.vote), ctx.medium?.messageId ?? null),
  });

  // A message in #voting while a vote is open is an attempted vote on the proposal up for vote.
  api.on('message', (e) => {
    if (e.payload.medium?.channel !== 'voting' || !game().currentProposal) return;
    const p = proposal(null);
    if (!p || p.attrs.status !== 'voting') return;
    const person = String(e.payload.person);
    if (api.legal('vote', { vote: String(e.payload.text) }, { agent: person, person }) !== true) return;
    const meaning = meaningOf(String(e.payload.text));
    if (meaning !== null) vote(person, p.key, String(e.payload.text), e.payload.medium?.messageId ?? null);
  });

  // Player status can change mid-vote: the tally and completeness follow it.
  api.settle(() => {
    const id = game().currentProposal;
    if (id) checkComplete('proposal/' + id);
  });
}
