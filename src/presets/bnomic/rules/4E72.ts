// Rule 4E72: Since We're not Using the Word... A Quorum (`quorum/ID`) accuses a Player (the
// Offender) of a Crime (the Accusation) by an Example, an Offense within the last nweek, and a
// Tidbit ("cheese", "CREAMPUFF" or "3"); Reasoning is optional. Submitting one sets the Judge to
// select a Jury (4E73).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const tidbits = api.param('tidbits', { pattern: /the word "(\w+)," the word "(\w+)," or\s+the numeral "(\d+)"/, parse: (m) => [m[1]!, m[2]!, m[3]!] });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
  const crime = (ref: unknown) => {
    const s = String(ref ?? '').toLowerCase();
    return api.all('crime').find((c) => c.id === s || String(c.attrs.name).toLowerCase() === s);
  };

  api.action('submit-quorum', {
    describe: 'Submit a Quorum: an Accusation (a Crime), an Example (the Offense, within the last nweek; `offense` may name a recorded one), the Offender and a Tidbit.',
    args: { accusation: 'string', example: 'string', offender: 'string', tidbit: 'string', offense: 'string?', reasoning: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E72: Players submit Quorums';
      if (!crime(ctx.args.accusation)) return `Rule 4E72: the Accusation must be a Crime; the Crimes are ${api.all('crime').map((c) => c.attrs.name).join(', ')}`;
      if (!api.get('player/' + ctx.args.offender)) return `the Offender must be a Player; ${ctx.args.offender} is not`;
      // 4E7: a parameter is valid regardless of capitalization ("Cheese", "creampuff").
      if (!tidbits.some((t) => t.toLowerCase() === String(ctx.args.tidbit).trim().toLowerCase())) return `Rule 4E72: the Tidbit is ${tidbits.map((t) => `"${t}"`).join(', ')}`;
      if (ctx.args.offense != null) {
        const o = api.get('offense/' + ctx.args.offense);
        if (!o) return `there is no recorded offense ${ctx.args.offense}`;
        if (nweek() - Number(o.attrs.nweek) > 1) return 'Rule 4E72: the Example must have occurred no more than one nweek before';
      }
    },
    perform(ctx) {
      const q = api.create('quorum', {
        accusation: crime(ctx.args.accusation)!.id, example: String(ctx.args.example), offender: String(ctx.args.offender), tidbit: String(ctx.args.tidbit),
        offense: (ctx.args.offense ?? null) as Json, reasoning: (ctx.args.reasoning ?? null) as Json, submitter: ctx.agent, submittedAt: ctx.now,
        jury: null, answers: {}, verdict: null, punishment: null,
      }, { owner: null });
      api.emit('quorum-submitted', { quorum: q.id });
      return q.key;
    },
  });
}
