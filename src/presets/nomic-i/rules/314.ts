// Rule 314: a Judge who makes a Judgement publishes an Opinion with it: the disagreement, the
// Judgement worded as a rule (the ruling), its justification, its consequences, the relevant rules,
// and the earlier Opinions it references (required when it references any; an overruled Opinion
// cannot be used). Each Opinion is numbered "P.J": P the number of the proposal voted on in the turn
// (or to be), J the Judgements made so far in the turn, this one included. An Opinion on an overruled
// Judgement is marked overruled. A Judgement made without an Opinion stands; the Judge owes it
// (`publish-opinion`). What counts as a sound justification is for people.
import type { RuleApi } from '../../../kernel/rule-api.js';

const SECTIONS = ['disagreement', 'justification', 'consequences', 'relevantRules'] as const;

export default function (api: RuleApi) {
  api.param('sections', { pattern: /An Opinion must include all the following sections/ });
  const game = () => api.get('game/game')!.attrs as any;
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v.trim() ? v.split(/[,\s]+/).filter(Boolean) : []);

  /** Why an Opinion cannot be published as it is (undefined: it can). */
  const faulty = (o: Record<string, unknown> | null | undefined): string | undefined => {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return 'Rule 314: an Opinion has the sections disagreement, justification, consequences, relevantRules, and referencedOpinions if any';
    const missing = SECTIONS.filter((s) => (s === 'relevantRules' ? list(o[s]).length === 0 : String(o[s] ?? '').trim() === ''));
    if (missing.length) return `Rule 314: the Opinion lacks the section(s) ${missing.join(', ')}`;
    const referenced = list(o.referencedOpinions);
    for (const id of referenced) {
      const prior = api.get('opinion/' + id);
      if (!prior) return `Rule 314: there is no Opinion ${id}`;
      if (prior.attrs.overruled === true) return `Rule 314: Opinion ${id} concerns an overruled Judgement and cannot be used`;
    }
    const mentioned = [...String(o.justification).matchAll(/Opinion\s+(\d+\.\d+)/gi)].map((m) => m[1]!);
    const unlisted = mentioned.filter((id) => !referenced.includes(id));
    if (unlisted.length) return `Rule 314: the Opinion references ${unlisted.join(', ')}; list every referenced Opinion in referencedOpinions`;
    return undefined;
  };

  // A Judgement given with an Opinion must give a complete one. A Judgement given without one still
  // stands (Rule 211 makes the Judge's word the decision); the Judge owes its Opinion
  // (`opinionOwed`) and publishes it with `publish-opinion`.
  api.check('judge', (ctx) => (ctx.args.opinion == null ? undefined : faulty(ctx.args.opinion as Record<string, unknown>)));

  const publish = (j: { id: string; key: string; attrs: any }, o: Record<string, unknown>, id: string) => {
    api.create('opinion', {
      judgment: j.id, judge: j.attrs.judge, disagreement: String(o.disagreement), judgement: String(j.attrs.ruling),
      justification: String(o.justification), consequences: String(o.consequences), relevantRules: list(o.relevantRules),
      referencedOpinions: list(o.referencedOpinions), overruled: false, publishedAt: api.now(),
    }, { id, owner: null });
    api.update(j.key, { opinion: id, opinionOwed: false });
    api.message('all', `Opinion ${id} by ${j.attrs.judge}: ${j.attrs.ruling}`, { channel: 'game' });
  };

  api.on('judgment-decided', (e) => {
    const j = api.get('judgment/' + e.payload.judgment);
    if (!j) return;
    const g = game();
    const proposal = g.turnProposalNumber ?? (api.imported('108', 'peek') ? api.call<number>('108', 'peek') : null);
    let id = `${proposal}.${j.attrs.countInTurn}`;
    for (let n = 2; api.get('opinion/' + id); n++) id = `${proposal}.${j.attrs.countInTurn}-${n}`; // a turn without a proposal
    const o = e.payload.opinion as Record<string, unknown> | null;
    if (o) publish(j, o, id);
    else {
      api.update(j.key, { opinionOwed: true, opinionId: id });
      api.message('all', `${j.attrs.judge} owes the Opinion on this Judgement (Rule 314).`, { channel: 'game' });
    }
  });

  api.action('publish-opinion', {
    describe: 'As the Judge, publish the Opinion you owe on a Judgement you made without one.',
    args: { judgment: 'json', opinion: 'json' },
    legal(ctx) {
      const j = api.get('judgment/' + String(ctx.args.judgment));
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.judge !== ctx.agent) return 'Rule 314: the Judge who made the Judgement writes its Opinion';
      if (j.attrs.opinionOwed !== true) return 'no Opinion is owed on this Judgement';
      return faulty(ctx.args.opinion as Record<string, unknown>);
    },
    perform(ctx) {
      const j = api.get('judgment/' + String(ctx.args.judgment))!;
      publish(j, ctx.args.opinion as Record<string, unknown>, String(j.attrs.opinionId));
      if (j.attrs.status === 'overruled') api.set('opinion/' + String(j.attrs.opinionId), 'overruled', true);
      return 'opinion/' + String(j.attrs.opinionId);
    },
  });

  api.on('judgment-overruled', (e) => {
    const j = api.get('judgment/' + e.payload.judgment);
    const id = j?.attrs.opinion;
    if (id && api.get('opinion/' + id)) api.set('opinion/' + id, 'overruled', true);
  });
}
