// Rule 4E54: Criminal Offenses. Rules define Crimes (`crime/ID`: Felony or Misdemeanor, with their
// punishments); an Offense is one instance (`offense/ID` records those the rules can see). A Player
// a Jury Decides Guilty (4E72, 4E73) is punished by the Judge (`assign-punishment`) within the
// Crime's range: by default a fine of m1-m50 for a Misdemeanor, m25-m500 for a Felony, deducted from
// the Guilty Player's mackerel (never below zero). With 4 Support any Player may declare a Punishment
// UNFAIR (`declare-unfair`, announced through 4E21): it is reduced to the minimum (the excess repaid).
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const misdemeanor = api.param('misdemeanor range', { pattern: /Minimum Punishment for a Misdemeanor\s+shall be a fine of m(\d+) and the Maximum Punishment a fine of m(\d+)/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const felony = api.param('felony range', { pattern: /Minimum Punishment for a Felony\s+shall be a fine of m(\d+) and the Maximum Punishment a fine of m(\d+)/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const supporters = api.param('unfair support', { pattern: /with (\d+) Support, declare a Punishment to be UNFAIR/, parse: (m) => Number(m[1]) });
  const judge = () => (api.get('ministry/judging')?.attrs.holder ?? null) as string | null;
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const viaIntent = (ctx: ActionContext) => {
    const i = api.get('intent/' + String(ctx.args.intent ?? ''));
    return Boolean(i) && (i!.attrs.status === 'performing' ? i!.attrs.action === ctx.action && i!.attrs.by === ctx.agent : Boolean(api.imported('4E21', 'ready')) && api.call<boolean>('4E21', 'ready', i!.id, ctx.action, ctx.agent, ctx.args));
  };
  const ensure = () => declare('gate/declare-unfair', { action: 'declare-unfair', supporters, rule: '4E54' });
  api.on('setup', ensure);
  api.settle(ensure);

  const range = (crimeId: string) => {
    const c = api.get('crime/' + crimeId);
    const [dMin, dMax] = c?.attrs.kind === 'Felony' ? felony : misdemeanor;
    return { min: Number(c?.attrs.min ?? dMin), max: Number(c?.attrs.max ?? dMax), death: c?.attrs.death === true, limit: c?.attrs.limit === true };
  };
  api.export('range', range);
  const fine = (player: string, amount: number) => {
    const p = api.get('player/' + player);
    if (!p) return 0;
    const paid = Math.min(amount, Number(p.attrs.mackerel ?? 0));
    api.set(p.key, 'mackerel', Number(p.attrs.mackerel ?? 0) - paid);
    return paid;
  };

  api.action('assign-punishment', {
    describe: "As the Judge, Assign the Punishment of a Guilty Player: a fine within the Crime's range (or, where the Crime allows it, the Death Penalty or a limit on proposals).",
    args: { quorum: 'string', fine: 'number?', death: 'boolean?', limit: 'boolean?' },
    legal(ctx) {
      if (judge() !== ctx.agent) return 'Rule 4E54: the Judge Assigns Punishments';
      const q = api.get('quorum/' + ctx.args.quorum);
      if (!q) return `there is no Quorum ${ctx.args.quorum}`;
      if (q.attrs.verdict !== 'Guilty') return 'Rule 4E54: only a Player a Jury Decided Guilty is punished';
      if (q.attrs.punishment) return 'the Punishment was already Assigned';
      const r = range(String(q.attrs.accusation));
      if (ctx.args.death === true) return r.death ? undefined : 'this Crime does not carry the Death Penalty';
      const f = Number(ctx.args.fine);
      if (!Number.isInteger(f) || f < r.min || f > r.max) return `Rule 4E54: the fine must be from m${r.min} to m${r.max}`;
      if (ctx.args.limit === true && !r.limit) return 'this Crime does not carry a limit on proposals';
    },
    perform(ctx) {
      const q = api.get('quorum/' + ctx.args.quorum)!;
      const offender = String(q.attrs.offender);
      let punishment: JsonObject;
      if (ctx.args.death === true) {
        const p = api.get('player/' + offender);
        if (p) api.update(p.key, { hp: 0 });
        punishment = { death: true };
      } else {
        punishment = { fine: Number(ctx.args.fine), paid: fine(offender, Number(ctx.args.fine)) };
        if (ctx.args.limit === true) {
          punishment.limit = true;
          api.set('player/' + offender, 'proposalLimitNweek', Number(api.get('clock/clock')?.attrs.nweek ?? 0) + 1);
        }
      }
      api.set(q.key, 'punishment', punishment);
      if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'judging', 'assign-punishment', q.id);
      return q.key;
    },
  });

  api.action('declare-unfair', {
    describe: 'With 4 Support, declare a Punishment UNFAIR: it is reduced to the minimum for the Crime (announce it first).',
    args: { quorum: 'string', intent: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E54: a Player may declare a Punishment UNFAIR';
      const q = api.get('quorum/' + ctx.args.quorum);
      if (!q || !q.attrs.punishment) return 'there is no Assigned Punishment for that Quorum';
      if ((q.attrs.punishment as JsonObject).unfair) return 'it was already declared UNFAIR';
      if (!viaIntent(ctx)) return 'Rule 4E54: this is done with 4 Support: announce the intent first (announce)';
    },
    perform(ctx) {
      const q = api.get('quorum/' + ctx.args.quorum)!;
      const p = q.attrs.punishment as JsonObject;
      const r = range(String(q.attrs.accusation));
      const paid = Number(p.paid ?? 0);
      const refund = Math.max(0, paid - r.min);
      const offender = api.get('player/' + q.attrs.offender);
      if (offender && refund) api.set(offender.key, 'mackerel', Number(offender.attrs.mackerel ?? 0) + refund);
      if (p.limit && offender) api.set(offender.key, 'proposalLimitNweek', null);
      api.set(q.key, 'punishment', { ...p, unfair: true, fine: r.min, paid: paid - refund, limit: false });
      return q.key;
    },
  });
}
