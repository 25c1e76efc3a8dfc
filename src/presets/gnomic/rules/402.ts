// Rule 402: secrecy of voting. The proponent of a proposal or meta-amendment votes in its favour
// unless the posting says otherwise (`vote`). Every other player's vote is sent to the proponent: a
// secret ballot only the proponent and the voter can see (not in chat mode, Rule 347). After all
// players have voted or 72 hours have passed, the proponent posts the votes (`post-votes`), and they
// are counted (Rule 105). If he has not posted them when the 72 hours have passed, the engine (the
// message board) posts them for him then, and his own `post-votes` afterwards is accepted and changes
// nothing. The e-mail address every player "shall be required to post" (`email` of `join`) is an
// obligation, not a condition of joining (Rule 117 says how to join): a join without one is accepted
// and the player's name stands for the address, as a scenario's starting players do.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const period = api.param('period', { pattern: /or (\d+) hours have passed/, parse: (m) => Number(m[1]) * 3_600_000 });
  const mode = () => (typeof api.imported('347', 'mode') === 'function' ? api.call<string>('347', 'mode') : 'web');
  api.export('secret', () => mode() !== 'chat');
  api.export('countingProcedure', 'the proponent posts the votes after all players have voted or 72 hours have passed');
  const find = (ref: unknown) => {
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ref) : String(ref);
    return id ? api.get('proposal/' + id) : undefined;
  };

  api.on('hack-posted', (e) => {
    const hack = String(e.payload.hack);
    const author = String(e.payload.author);
    const vote = (e.payload.vote as string | null) ?? 'for';
    const h = api.get('proposal/' + hack)!;
    api.create('ballot', { proposal: hack, voter: author, vote, at: api.now(), phrase: e.payload.vote == null ? '(implicitly in favour)' : vote, implicit: e.payload.vote == null }, { id: `${hack}-${author}`, owner: null });
    api.set(h.key, 'ballotsCast', api.all('ballot', (b) => b.attrs.proposal === hack).length);
    api.timer(Number(h.attrs.postedAt) + period, 'ballot-deadline', { hack }, { id: `ballot-deadline-${hack}` });
    api.emit('ballot-cast', { hack, voter: author });
  });

  api.on('ballot-deadline', (e) => {
    const h = api.get('proposal/' + e.payload.hack);
    if (!h || h.attrs.status !== 'voting' || h.attrs.counted === true) return;
    api.set(h.key, 'deadlinePassed', true);
    api.message('all', `${period / 3_600_000} hours have passed: the votes on ${h.attrs.kind} ${h.attrs.number} are posted for ${h.attrs.author} (Rule 402).`);
    api.set(h.key, 'postedBy', 'deadline');
    if (typeof api.imported('105', 'count') === 'function') api.call('105', 'count', h.id);
  });

  api.action('post-votes', {
    describe: 'As the proponent, post the votes sent to you, once all players have voted or 72 hours have passed since the posting; they are then counted. If you have not posted them when the 72 hours pass, they are posted for you then (posting them afterwards changes nothing).',
    args: { proposal: 'json' },
    legal(ctx) {
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (h.attrs.author !== ctx.agent) return `Rule 402: the proponent (${h.attrs.author}) posts the votes`;
      if (h.attrs.postedBy === 'deadline' && h.attrs.counted === true) return true; // posted for him at the deadline
      if (h.attrs.status !== 'voting' || h.attrs.counted === true) return 'the votes on it are already posted';
      const all = typeof api.imported('105', 'allVoted') === 'function' && api.call<boolean>('105', 'allVoted', h.id);
      if (!all && ctx.now < Number(h.attrs.postedAt) + period) return `Rule 402: the votes are posted after all players have voted or ${period / 3_600_000} hours have passed`;
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      if (h.attrs.counted !== true) api.call('105', 'count', h.id);
      return h.key;
    },
  });
}
