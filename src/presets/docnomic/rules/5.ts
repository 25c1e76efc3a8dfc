// Rule 5: Appeals Mechanism. Any Player (or would-be Player, Rule 2) submits a Point of Order
// (`invoke-judgment`, or a message to the list) whose subject line must read "Point of Order:"
// followed by the label of the Proposal or Rule in reference, or it is ignored. It is Pending
// (`open`) until Doc judges it (`judge`); an upheld Point of Order is addressed by one or more
// Proclamations, which the judgement publishes with it.
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const game = () => api.get('game/game')!.attrs;
  const doc = () => (game().doc ?? null) as string | null;
  const publish = (kind: string, ref: string, subject: string, text: string) => {
    if (api.imported('4', 'publish')) api.call('4', 'publish', { kind, ref, subject, text });
    else api.message('all', `${subject}\n\n${text}`, { channel: 'list' });
  };

  /** The Rule or Proposal a label refers to: "Rule 1005", "Proposal 12", "#12", "1005", or a title. */
  const refersTo = (label: string): string | null => {
    const l = label.trim();
    let m = l.match(/^(?:rule|r)\s*#?\s*(\d+)\b/i);
    if (m) return api.rule(m[1]!) ? 'rule/' + m[1] : null;
    m = l.match(/^(?:proposal|prop|p)\s*#?\s*(\d+)\b/i);
    if (m) return api.all('proposal', (p) => String(p.attrs.number) === m![1])[0]?.key ?? null;
    m = l.match(/^#?(\d+)\b/);
    if (m) return api.rule(m[1]!) ? 'rule/' + m[1] : api.all('proposal', (p) => String(p.attrs.number) === m![1])[0]?.key ?? null;
    const lower = l.toLowerCase();
    const rule = api.rules().find((r) => r.title && lower.startsWith(r.title.toLowerCase()));
    if (rule) return 'rule/' + rule.number;
    return api.all('proposal', (p) => Boolean(p.attrs.title) && lower.startsWith(String(p.attrs.title).toLowerCase()))[0]?.key ?? null;
  };

  const labelOf = (subject: string | undefined) => {
    const m = String(subject ?? '').match(/Point of Order:\s*(.*?)\s*$/i);
    return m ? m[1]! : null;
  };

  /**
   * The subject line of a Point of Order: `subject` (or `title`), the medium's subject line, or,
   * where neither is given, the question's first line when it reads "Point of Order: ...".
   */
  const subjectLine = (ctx: { args: Readonly<{ [k: string]: Json }>; medium?: { subject?: string } }): string | undefined => {
    const given = ctx.args.subject ?? ctx.args.title ?? ctx.medium?.subject;
    if (given !== undefined && given !== null) return String(given);
    const first = String(ctx.args.question ?? '').split('\n')[0]!;
    return /^\s*Point of Order\s*:/i.test(first) ? first.trim() : undefined;
  };

  // `invoke-judgment` is the shared name; "point-of-order" is Rule 5's own.
  for (const name of ['invoke-judgment', 'point-of-order']) api.action(name, {
    describe: (name === 'invoke-judgment' ? '' : 'The same as `invoke-judgment`: ') + 'Submit a Point of Order. `subject` (or the message\'s subject line) must read "Point of Order: " and the label of the Proposal or Rule in reference, e.g. "Point of Order: Rule 1005".',
    args: { question: 'string', subject: 'string?' },
    legal(ctx) {
      if (!ctx.agent) return 'only a person may submit a Point of Order';
      if (isDocAgent(ctx.agent)) return 'Rule 2: Doc may not be a Player, and Players submit Points of Order';
      const label = labelOf(subjectLine(ctx));
      if (label === null) return 'Rule 5: a Point of Order must have "Point of Order:" and the label of the Proposal or Rule in reference in its subject line, or it is ignored';
      if (!refersTo(label)) return `Rule 5: "${label}" is not the label of a Proposal or Rule, so the Point of Order is ignored`;
    },
    perform(ctx) {
      const subject = subjectLine(ctx)!;
      const label = labelOf(subject)!;
      if (api.imported('2', 'enter')) api.call('2', 'enter', ctx.agent);
      const n = api.nextNumber('point-of-order');
      const j = api.create('judgment', {
        number: n, subject, label, refersTo: refersTo(label), question: String(ctx.args.question), invoker: ctx.agent,
        judge: doc(), status: 'open', ruling: null, upheld: null, proclamations: [], submittedAt: ctx.now,
      }, { id: String(n), owner: null });
      api.message('all', `Point of Order ${n} by ${ctx.agent} (${label}) is Pending.`, { channel: 'list' });
      api.emit('point-of-order-submitted', { judgment: j.id, invoker: ctx.agent });
      return j.key;
    },
  });

  const proposalJudgement = (args: Readonly<{ [k: string]: Json }>): { [k: string]: Json } => {
    const { ruling, judgment: _j, upheld: _u, proclamation: _p, changes: _c, ...rest } = args as { [k: string]: Json };
    return { ...rest, judgement: (args.judgement ?? args.verdict ?? ruling ?? null) as Json };
  };
  const judgment = (ref: unknown): ObjectView | undefined =>
    api.get('judgment/' + String(ref ?? '').trim().replace(/^(?:judg(?:e)?ment|point of order)\s*[/#]?\s*/i, '').replace(/^#/, '').trim());

  /** The ruling as given, or, when Doc gave only `upheld` or the Proclamation, what that says. */
  const ruling = (args: Readonly<{ [k: string]: Json }>): string | null => {
    const given = args.ruling ?? args.judgement ?? args.verdict ?? args.decision;
    if (given != null) return String(given);
    if (args.upheld === true || args.proclamation != null || args.changes != null) return 'Upheld';
    if (args.upheld === false) return 'Not upheld';
    return null;
  };

  api.action('judge', {
    describe: 'As Doc, judge a Pending Point of Order (`judgment`, `ruling`). If it is upheld, give the Proclamation that addresses it (`proclamation` text and/or `changes`). Given `proposal` instead of `judgment`, judges that Proposal as `judge-proposal` does, the ruling being "accept", "reject" or "ignore".',
    args: { judgment: 'json?', ruling: 'string?', upheld: 'boolean?', proclamation: 'string?', changes: 'json?', proposal: 'json?' },
    legal(ctx) {
      if (ctx.args.judgment == null && ctx.args.proposal != null) {
        // Doc judging a Proposal with the shared verb: Rule 3's judgement (`judge-proposal`).
        const v = api.legal('judge-proposal', proposalJudgement(ctx.args), { agent: ctx.agent, person: ctx.person });
        return v === true ? undefined : v;
      }
      if (ctx.args.judgment == null) return 'judge needs the argument "judgment" (the Point of Order)';
      if (ruling(ctx.args) == null) return 'judge needs the argument "ruling" (or `upheld`, or the Proclamation)';
      if (!isDocAgent(ctx.agent)) return 'Rule 5: only Doc judges Points of Order';
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no Point of Order ${ctx.args.judgment}`;
      if (j.attrs.status !== 'open') return `Rule 5: Point of Order ${j.id} has been judged already`;
      const addressed = ctx.args.proclamation != null || ctx.args.changes != null;
      if (ctx.args.upheld === false && addressed) return 'a Point of Order that is not upheld needs no Proclamation';
    },
    perform(ctx) {
      if (ctx.args.judgment == null) {
        const result = api.perform('judge-proposal', proposalJudgement(ctx.args), { agent: ctx.agent, person: ctx.person });
        if (!result.ok) api.refuse(result.error ?? 'the Proposal cannot be judged');
        return result.value ?? null;
      }
      const j = judgment(ctx.args.judgment)!;
      // Upheld when Doc says so (`upheld`), gives a Proclamation, or rules "Upheld..."; an upheld
      // Point of Order given no Proclamation text is addressed by the ruling itself, published as one.
      const upheld = ctx.args.upheld ?? (ctx.args.proclamation != null || ctx.args.changes != null || /^\s*(upheld|uphold|sustained)\b/i.test(ruling(ctx.args)!));
      const proclamations: string[] = [];
      if (upheld) {
        const args: { [k: string]: Json } = { text: String(ctx.args.proclamation ?? ruling(ctx.args)), subject: `Proclamation: ${j.attrs.label}` };
        if (ctx.args.changes != null) args.changes = ctx.args.changes as Json;
        const result = api.perform('proclaim', args, { agent: ctx.agent, person: ctx.person });
        if (!result.ok) api.refuse(`the Proclamation addressing Point of Order ${j.id} cannot be published: ${result.error}`);
        proclamations.push(String(result.value));
      }
      api.update(j.key, { status: 'decided', ruling: ruling(ctx.args)!, upheld: upheld === true, proclamations, judgedAt: ctx.now });
      publish('judgement', j.key, `Judgement: Point of Order ${j.id} (${j.attrs.label}) ${upheld ? 'upheld' : 'not upheld'}`, ruling(ctx.args)!);
      return j.key;
    },
  });

  // A message to the list whose subject line reads "Point of Order: LABEL" is a Point of Order. Where
  // the medium has no subject lines (chat), the first line of the message is its subject line.
  api.on('message', (e) => {
    const given = e.payload.medium?.subject as string | undefined;
    const [first, ...rest] = String(e.payload.text).split('\n');
    const subject = given ?? first ?? '';
    if (!/^\s*Point of Order\s*:/i.test(subject)) return;
    const question = given ? String(e.payload.text) : rest.join('\n').trim() || subject;
    const result = api.perform('invoke-judgment', { question, subject: subject.trim() }, { agent: e.payload.person, person: e.payload.person });
    if (!result.ok) api.log(`a Point of Order from ${e.payload.person} is ignored: ${result.error}`);
  });
}
