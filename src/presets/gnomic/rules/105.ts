// Rule 105: every player is an eligible voter and must take part in every vote on rule changes.
// - `vote`: a ballot per voter and hack (`ballot/HACK-VOTER`), in the voter's own words ("yes",
//   "against", "abstain", ...). While a rule says ballots are secret (Rule 402: sent to the
//   proponent), the vote is visible only to the proponent and the voter; otherwise it is public and
//   the tally is kept live.
// - `count` (export): reveals the ballots, records `votes`, `votesFor`, `votesAgainst`,
//   `abstentions`, the eligible voters and those who did not take part (each such player's
//   `missedVotes` grows: the rule says they must participate), then raises `votes-counted`.
// - When no rule sets a procedure for posting the votes, a vote is counted as soon as every
//   eligible voter has voted.
// - A message is a vote when it says so: "I vote FOR 301", "vote against #305", "301: yes",
//   "I abstain on 301", or a bare vote word ("Yay") while exactly one hack is being voted on.
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

const FOR = ['yes', 'y', 'for', 'aye', 'yay', 'yea', 'yeah', 'favour', 'favor', 'favourable', 'favorable', 'in favour', 'in favor', 'in favour of', 'in favor of', 'in favour of it', 'in favor of it', 'for it', 'pro', '+1', 'support', 'approve', 'accept', 'true'];
const AGAINST = ['no', 'n', 'against', 'against it', 'nay', 'nope', 'contra', '-1', 'oppose', 'reject', 'unfavourable', 'unfavorable', 'false'];

export default function (api: RuleApi) {
  const eligible = () => api.all('player', (p) => p.attrs.left !== true).map((p) => p.id);
  api.export('eligible', eligible);

  const meaning = (word: string): 'for' | 'against' | 'abstain' | null => {
    // "Yes!", "I vote FOR.", "vote: against", "I abstain" all say the same as the bare word.
    const w = String(word).trim().toLowerCase().replace(/[.!]+$/, '').replace(/^(?:i\s+)?(?:vote|votes|voting)\b\s*:?\s*/, '').trim();
    if (FOR.includes(w)) return 'for';
    if (AGAINST.includes(w)) return 'against';
    if (typeof api.imported('322', 'isAbstention') === 'function' && api.call<boolean>('322', 'isAbstention', w)) return 'abstain';
    return null;
  };
  api.export('meaning', meaning);

  const find = (ref: unknown): ObjectView | undefined =>
    typeof api.imported('104', 'find') === 'function' ? (api.get('proposal/' + api.call<string | null>('104', 'find', ref)) ?? undefined) : api.get('proposal/' + String(ref));
  const ballots = (hack: string) => api.all('ballot', (b) => b.attrs.proposal === hack);
  const secret = () => typeof api.imported('402', 'secret') === 'function' && api.call<boolean>('402', 'secret') === true;
  const label = (h: ObjectView) => `${h.attrs.kind === 'meta-amendment' ? 'meta-amendment' : 'proposal'} ${h.attrs.number}`;

  /** A public tally of public ballots (chat mode, or no secrecy rule). */
  const liveTally = (h: ObjectView) => {
    let votesFor = 0;
    let votesAgainst = 0;
    for (const b of ballots(h.id)) {
      if (b.attrs.vote === 'for') votesFor++;
      else if (b.attrs.vote === 'against') votesAgainst++;
    }
    api.update(h.key, { votesFor, votesAgainst });
  };

  const allVoted = (hack: string, activeOnly = false) => {
    const voted = new Set(ballots(hack).map((b) => String(b.attrs.voter)));
    const voters = activeOnly ? api.all('player', (p) => p.attrs.left !== true && p.attrs.active !== false).map((p) => p.id) : eligible();
    return voters.every((v) => voted.has(v));
  };
  api.export('allVoted', allVoted);

  api.action('vote', {
    describe: 'Vote on an open proposal or meta-amendment in your own words ("yes", "no", "abstain"); while ballots are secret only the proponent and you can see it (Rule 402).',
    args: { proposal: 'json', vote: 'string' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'Rule 105: only players are eligible voters';
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (h.attrs.status !== 'voting' || h.attrs.counted === true) return `the vote on ${label(h)} is over (it is ${h.attrs.counted === true ? 'counted' : h.attrs.status})`;
      if (meaning(String(ctx.args.vote)) === null) return `"${ctx.args.vote}" is not a vote: say for, against or abstain`;
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      const vote = meaning(String(ctx.args.vote))!;
      const id = `${h.id}-${ctx.agent}`;
      if (api.get('ballot/' + id)) api.destroy('ballot/' + id);
      const attrs: JsonObject = { proposal: h.id, voter: ctx.agent, at: ctx.now, phrase: String(ctx.args.vote) };
      const b = api.create('ballot', attrs, { id, owner: null });
      if (secret()) api.secret(b.key, 'vote', vote, [String(h.attrs.author), ctx.agent]);
      else api.set(b.key, 'vote', vote);
      api.set(h.key, 'ballotsCast', ballots(h.id).length);
      if (!secret()) liveTally(api.get(h.key)!);
      api.emit('ballot-cast', { hack: h.id, voter: ctx.agent });
      return b.key;
    },
  });

  const count = (hack: string) => {
    const h = api.get('proposal/' + hack);
    if (!h || h.attrs.counted === true || h.attrs.status !== 'voting') return;
    const voters = eligible();
    const votes: Record<string, string> = {};
    for (const b of ballots(hack)) {
      if (voters.includes(String(b.attrs.voter))) votes[String(b.attrs.voter)] = String(b.attrs.vote);
      api.destroy(b.key);
    }
    const nonVoters = voters.filter((v) => !(v in votes));
    const tally = (kind: string) => Object.values(votes).filter((v) => v === kind).length;
    api.update(h.key, {
      counted: true, countedAt: api.now(), votes, votesFor: tally('for'), votesAgainst: tally('against'), abstentions: tally('abstain'),
      nonVoters, eligibleVoters: voters, ballotsCast: Object.keys(votes).length,
    });
    for (const v of nonVoters) {
      const p = api.get('player/' + v)!;
      api.set(p.key, 'missedVotes', Number(p.attrs.missedVotes ?? 0) + 1);
    }
    api.message('all', `The votes on ${label(h)} ("${h.attrs.title}"): ${tally('for')} for, ${tally('against')} against, ${tally('abstain') + nonVoters.length} abstaining.`);
    api.emit('votes-counted', { hack });
  };
  api.export('count', count);

  // Without a rule that sets how votes are posted, a vote is counted once everyone has voted.
  api.on('ballot-cast', (e) => {
    if (api.rules().some((r) => api.imported(r.number, 'countingProcedure') !== undefined)) return;
    if (allVoted(String(e.payload.hack))) count(String(e.payload.hack));
  });

  // Votes posted as messages (sent to the proponent by e-mail, or said in chat).
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '').trim();
    const person = String(e.payload.person ?? '');
    if (!text || !person) return;
    const HACK = String.raw`(?:proposal\s+|meta-amendment\s+|p|#)?(\d{3,}(?:\+\d+i)?)`;
    let word: string | null = null;
    let ref: string | null = null;
    let m: RegExpMatchArray | null;
    if ((m = text.match(new RegExp(String.raw`^(?:i\s+)?votes?\s+(.+?)\s+(?:on\s+|to\s+)?${HACK}[.!]*$`, 'i')))) [word, ref] = [m[1]!, m[2]!];
    else if ((m = text.match(new RegExp(String.raw`^(?:i\s+)?(abstain)\s+(?:on\s+|from\s+)?${HACK}[.!]*$`, 'i')))) [word, ref] = ['abstain', m[2]!];
    else if ((m = text.match(new RegExp(String.raw`^${HACK}\s*[:,-]\s*(.+)$`, 'i')))) [ref, word] = [m[1]!, m[2]!];
    else if (meaning(text) !== null) {
      const open = api.all('proposal', (p) => p.attrs.status === 'voting' && p.attrs.counted !== true);
      if (open.length === 1) [word, ref] = [text, String(open[0]!.attrs.number)];
    }
    if (word === null || ref === null || meaning(word) === null) return;
    const h = api.all('proposal', (p) => String(p.attrs.number) === ref)[0];
    if (!h) return;
    api.perform('vote', { proposal: h.id, vote: word }, { agent: person, person });
  });
}
