// Rule 4E18: Judgment. Anyone may submit a Consultation (`invoke-judgment`: a yes-or-no Question,
// optional Reasoning and Unbeliever); each is a `judgment/ID` (status open | decided | zotted). The
// Oracle (Minister of Questions) is obligated to assign it a Priest among the eligible Ordained
// Players (`assign-priest`; none eligible: the Oracle himself) or to ZOT it (`zot`). The Priest
// Answers YES, NO or PARADOX (or a synonym), with Reasoning and an optional Oracularity, a change set
// (`judge`). For three ndays other Players may Claim the Answer Consistent or Inconsistent
// (`claim`); a Jiffy after the Answer the Oracle tallies them (`tally-claims`): more Inconsistent
// claims send the Consultation back to Waiting for a new Priest. An Answer that stands four full
// ndays (or ndelays) is Pondered, and its Oracularity takes effect, all of it or none. A Priest
// (other than the Oracle) who has not answered within a Jiffy loses his Consultations and his
// Ordained property until the next nweek. Active Players may gain the Ordained property (`ordain`).
import type { RuleApi, ObjectView } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const specs: Record<string, any> = {};
  const action = (name: string, spec: Parameters<RuleApi['action']>[1]) => { specs[name] = spec; api.action(name, spec); };
  const numbered = (list: any[]): any[] => (api.imported('4E36', 'numberEnacts') ? api.call<any[]>('4E36', 'numberEnacts', list) : list.map((c: any) => (c && c.enact ? { enact: { ...c.enact, number: '' } } : c)));
  const synonyms = api.param('synonyms', {
    pattern: /words "(\w+)",\s+"(\w+)" and "(\w+)" are to be considered synonymous with\s+"Yes", the words "(\w+)", "(\w+)" and "(\w+)" are to be\s+considered synonymous with "No", and the words "(\w+)", "(\w+)"\s+and "([^"]+)" are to be considered synonymous with "Paradox"/,
    parse: (m) => ({ YES: ['YES', m[1]!, m[2]!, m[3]!], NO: ['NO', m[4]!, m[5]!, m[6]!], PARADOX: ['PARADOX', m[7]!, m[8]!, m[9]!] }),
  });
  const claimDays = api.param('claim window', { pattern: /within three ndays\s+\(or ndelays if the clock is off\)/, parse: () => 3 });
  const ponderDays = api.param('ponder time', { pattern: /remains Answered for four full Ndays/, parse: () => 4 });
  const rday = () => Number(api.get('clock/clock')?.attrs.rday ?? 0);
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
  const jiffy = () => (api.imported('4E30', 'quantity') ? Number(api.call('4E30', 'quantity', 'A Jiffy')) : 4);
  const oracle = () => (api.get('ministry/questions')?.attrs.holder ?? null) as string | null;
  const twins = (a: string, b: string) => (api.imported('4E61', 'twins') ? api.call<boolean>('4E61', 'twins', a, b) : false);
  const oblige = (duty: string, ref: string, what: string) => { if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', 'questions', duty, ref, what); };
  const fulfil = (duty: string, ref: string) => { if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'questions', duty, ref); };
  const cancel = (duty: string, ref: string) => { if (api.imported('4E53', 'cancel')) api.call('4E53', 'cancel', 'questions', duty, ref); };
  const j = (ref: unknown): ObjectView | undefined => {
    const s = String(ref ?? '').replace(/^judgment\//, '');
    return api.get('judgment/' + s) ?? api.all('judgment', (c) => c.attrs.number !== null && String(c.attrs.number) === s.replace(/^#/, ''))[0];
  };
  const shared = (state: string) => (state === 'Waiting' ? 'open' : state === 'ZOTTED' ? 'zotted' : 'decided');
  const setState = (key: string, state: string, extra: JsonObject = {}) => api.update(key, { ...extra, state, status: shared(state) });

  const ensure = () => {
    if (!api.get('ministry/questions')) api.create('ministry', { name: 'Ministry of Questions', minister: 'Minister of Questions', title: 'Oracle', aliases: ['Questions'], holder: null, mini: false, rule: '4E18', history: [] }, { id: 'questions' });
    if (!api.get('staff/zot')) api.create('staff', { name: 'the staff of ZOT', heldBy: 'the Oracle' }, { id: 'zot' });
  };
  api.on('setup', ensure);
  api.settle(ensure);

  action('invoke-judgment', {
    describe: 'Submit a Consultation: a Question answerable yes or no, with optional Reasoning and an Unbeliever (a Player). For a broken Contract (4E70) name the `contract` and the `breacher`.',
    args: { question: 'string', reasoning: 'string?', unbeliever: 'string?', contract: 'string?', breacher: 'string?' },
    legal(ctx) {
      if (!ctx.agent) return 'a Consultation is submitted by an External Force';
      if (ctx.args.unbeliever != null && !api.get('player/' + ctx.args.unbeliever)) return `Rule 4E18: the Unbeliever must be a Player; ${ctx.args.unbeliever} is not`;
    },
    perform(ctx) {
      const c = api.create('judgment', {
        kind: 'consultation', question: String(ctx.args.question), reasoning: (ctx.args.reasoning ?? null) as Json, unbeliever: (ctx.args.unbeliever ?? null) as Json,
        supplicant: ctx.agent, number: null, state: 'Waiting', status: 'open', judge: null, priests: [], ruling: null, answer: null, answerReasoning: null,
        oracularity: null, claims: {}, answeredAt: null, answeredRday: null, zotRequested: false, submittedAt: ctx.now, submittedNweek: nweek(), answers: [],
        contract: (ctx.args.contract ?? null) as Json, breacher: (ctx.args.breacher ?? null) as Json,
      }, { owner: null });
      oblige('assign-priest', c.id, `assign a Priest to (or ZOT) the Consultation "${ctx.args.question}"`);
      return c.key;
    },
  });

  const eligible = (c: ObjectView) => {
    const excluded = [String(c.attrs.supplicant), String(c.attrs.unbeliever ?? ''), String(oracle() ?? ''), ...((c.attrs.priests as string[]) ?? [])];
    return api.all('player', (p) => p.attrs.ordained === true && !excluded.includes(p.id)).map((p) => p.id);
  };
  const waitingForPriest = (c: ObjectView) => c.attrs.state === 'Waiting' && (c.attrs.judge === null || c.attrs.zotRequested === true);

  action('assign-priest', {
    describe: 'As the Oracle, assign a Priest to a Waiting Consultation (an eligible Ordained Player you name, or one drawn at random); you may choose its number.',
    args: { judgment: 'string', priest: 'string?', number: 'number?' },
    legal(ctx) {
      if (oracle() !== ctx.agent) return 'Rule 4E18: the Oracle selects Priests';
      const c = j(ctx.args.judgment);
      if (!c) return `there is no Consultation ${ctx.args.judgment}`;
      if (!waitingForPriest(c)) return `Rule 4E18: the Consultation is ${c.attrs.state}${c.attrs.judge ? ` with Priest ${c.attrs.judge}` : ''}`;
      const pool = eligible(c);
      if (ctx.args.priest != null && !pool.includes(String(ctx.args.priest))) return `Rule 4E18: ${ctx.args.priest} is not eligible; eligible: ${pool.join(', ') || 'nobody (the Oracle is selected)'}`;
      if (ctx.args.number != null && api.all('judgment', (o) => o.attrs.number === ctx.args.number && o.id !== c.id).length) return `Consultation number ${ctx.args.number} is in use`;
    },
    perform(ctx) {
      const c = j(ctx.args.judgment)!;
      const pool = eligible(c);
      const priest = ctx.args.priest != null ? String(ctx.args.priest) : pool.length ? api.pick(pool) : ctx.agent;
      let number = c.attrs.number as number | null;
      if (number === null) {
        const used = api.all('judgment', (o) => typeof o.attrs.number === 'number').map((o) => Number(o.attrs.number));
        number = ctx.args.number != null ? Number(ctx.args.number) : used.includes(1) ? Math.max(...used) + 1 : 1;
      }
      api.update(c.key, { judge: priest, number, priests: [...((c.attrs.priests as string[]) ?? []), priest], zotRequested: false, assignedRday: rday() });
      fulfil('assign-priest', c.id);
      fulfil('answer-zot-request', c.id);
      if (priest !== oracle()) api.timer({ base: 'rday', value: rday() + jiffy() }, 'priest-overdue', { judgment: c.id, priest });
      api.message([priest], `You are the Priest of Consultation ${number}: ${c.attrs.question}`, { channel: 'oracle' });
      return c.key;
    },
  });

  action('zot', {
    describe: 'As the Oracle, wield the staff of ZOT: a Waiting Consultation not yet assigned (or whose Priest asked for it) is ZOTTED.',
    args: { judgment: 'string' },
    legal(ctx) {
      if (oracle() !== ctx.agent) return 'Rule 4E18: the Oracle holds the staff of ZOT';
      const c = j(ctx.args.judgment);
      if (!c) return `there is no Consultation ${ctx.args.judgment}`;
      if (!waitingForPriest(c)) return 'Rule 4E18: the Oracle ZOTs a Consultation before assigning it, or when its Priest asks';
    },
    perform(ctx) {
      const c = j(ctx.args.judgment)!;
      setState(c.key, 'ZOTTED', { zottedAt: ctx.now, zottedNweek: nweek() });
      fulfil('assign-priest', c.id);
      fulfil('answer-zot-request', c.id);
      api.emit('consultation-zotted', { judgment: c.id, supplicant: c.attrs.supplicant });
      return c.key;
    },
  });

  action('request-zot', {
    describe: 'As the Priest of an unanswered Consultation, ask the Oracle to ZOT it (he must, or reassign it).',
    args: { judgment: 'string' },
    legal(ctx) {
      const c = j(ctx.args.judgment);
      if (!c) return `there is no Consultation ${ctx.args.judgment}`;
      if (c.attrs.judge !== ctx.agent || c.attrs.state !== 'Waiting') return 'Rule 4E18: only the Priest of a Waiting Consultation may ask';
    },
    perform(ctx) {
      const c = j(ctx.args.judgment)!;
      api.set(c.key, 'zotRequested', true);
      oblige('answer-zot-request', c.id, `ZOT Consultation ${c.attrs.number} or reassign it, as its Priest asked`);
      return c.key;
    },
  });

  action('ordain', {
    describe: 'As an Active Player, gain the Ordained property (you may then be selected as a Priest).',
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.active !== true) return 'Rule 4E18: only an Active Player may gain the Ordained Property';
      if (p.attrs.ordained === true) return 'you are already Ordained';
      if (p.attrs.ordainBarNweek === nweek()) return 'Rule 4E18: you lost the Ordained Property for not answering; you cannot regain it until the next nweek';
    },
    perform(ctx) {
      api.set('player/' + ctx.agent, 'ordained', true);
    },
  });
  action('unordain', {
    describe: 'Remove your Ordained property.',
    legal: (ctx) => (api.get('player/' + ctx.agent)?.attrs.ordained === true ? undefined : 'you are not Ordained'),
    perform(ctx) {
      api.set('player/' + ctx.agent, 'ordained', false);
    },
  });
  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && p.attrs.ordained === undefined) api.set(p.key, 'ordained', false);
  });
  api.settle(() => {
    for (const p of api.all('player', (p) => p.attrs.ordained === true && p.attrs.active !== true)) api.set(p.key, 'ordained', false);
  });

  const meaning = (ruling: string) => {
    const r = ruling.replace(/[^\p{L}\s]/gu, '').replace(/\s+/g, ' ').trim().toLowerCase(); // 4E7: regardless of punctuation
    for (const [answer, words] of Object.entries(synonyms)) if (words.some((w) => w.replace(/[^\p{L}\s]/gu, '').replace(/\s+/g, ' ').trim().toLowerCase() === r)) return answer;
    return null;
  };

  action('judge', {
    describe: 'As the Priest, Answer your Consultation YES, NO or PARADOX (or a synonym), with Reasoning and an optional Oracularity (a change set, taken as a Transaction when the Answer is Pondered).',
    args: { judgment: 'string', ruling: 'string', reasoning: 'string?', oracularity: 'json?' },
    legal(ctx) {
      const c = j(ctx.args.judgment);
      if (!c) return `there is no Consultation ${ctx.args.judgment}`;
      if (c.attrs.judge !== ctx.agent) return `Rule 4E18: only the Priest (${c.attrs.judge ?? 'none yet'}) answers this Consultation`;
      if (c.attrs.state !== 'Waiting') return `the Consultation is ${c.attrs.state}`;
      if (!meaning(String(ctx.args.ruling))) return 'Rule 4E18: the Answer is YES, NO or PARADOX (or a synonym)';
      if (ctx.args.oracularity != null && !Array.isArray(ctx.args.oracularity)) return 'an Oracularity is a list of changes';
    },
    perform(ctx) {
      const c = j(ctx.args.judgment)!;
      const answer = meaning(String(ctx.args.ruling))!;
      const r = rday();
      setState(c.key, 'Answered', { ruling: answer, answer, answerReasoning: (ctx.args.reasoning ?? null) as Json, oracularity: (ctx.args.oracularity ?? null) as Json, answeredAt: ctx.now, answeredRday: r, claims: {} });
      api.timer({ base: 'rday', value: r + jiffy() }, 'claims-due', { judgment: c.id, at: ctx.now });
      api.timer({ base: 'rday', value: r + ponderDays + 1 }, 'ponder', { judgment: c.id, at: ctx.now });
      return c.key;
    },
  });

  action('claim', {
    describe: "Within three ndays of an Answer, Claim it (and its Oracularity) Consistent or Inconsistent (not as its Priest, Unbeliever or Supplicant; not Inconsistent against your Twin's Answer).",
    args: { judgment: 'string', consistent: 'boolean' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E18: only Players make Claims';
      const c = j(ctx.args.judgment);
      if (!c) return `there is no Consultation ${ctx.args.judgment}`;
      if (c.attrs.state !== 'Answered') return 'Rule 4E18: Claims are made about an Answer';
      if ([c.attrs.judge, c.attrs.unbeliever, c.attrs.supplicant].includes(ctx.agent)) return 'Rule 4E18: the Priest, the Unbeliever and the Supplicant make no Claims';
      if (rday() > Number(c.attrs.answeredRday) + claimDays) return 'Rule 4E18: Claims are made within three ndays of the Answer';
      if (ctx.args.consistent === false && twins(ctx.agent, String(c.attrs.judge))) return 'Rule 4E18: you may not Claim your Twin\'s Answer Inconsistent';
    },
    perform(ctx) {
      const c = j(ctx.args.judgment)!;
      api.set(c.key, 'claims', { ...(c.attrs.claims as JsonObject), [ctx.agent]: ctx.args.consistent ? 'Consistent' : 'Inconsistent' });
      return c.key;
    },
  });

  // The shared name of "a vote to overrule the judge": a Claim that the Answer is Inconsistent.
  action('overrule', {
    describe: 'Claim an Answer Inconsistent (the same as `claim` with `consistent: false`).',
    args: { judgment: 'string' },
    perform(ctx) {
      const r = api.perform('claim', { judgment: String(ctx.args.judgment), consistent: false }, { agent: ctx.agent, person: ctx.person });
      if (!r.ok) api.refuse(String(r.error));
      return r.value ?? null;
    },
  });

  api.on('claims-due', (e) => {
    const c = j(e.payload.judgment);
    if (c && c.attrs.state === 'Answered' && c.attrs.answeredAt === e.payload.at) oblige('tally-claims', c.id, `tally the Claims on Consultation ${c.attrs.number}`);
  });
  action('tally-claims', {
    describe: 'As the Oracle, a Jiffy after an Answer, tally the Claims: more Inconsistent than Consistent sends the Consultation back to Waiting.',
    args: { judgment: 'string' },
    legal(ctx) {
      if (oracle() !== ctx.agent) return 'Rule 4E18: the Oracle tallies Claims';
      const c = j(ctx.args.judgment);
      if (!c) return `there is no Consultation ${ctx.args.judgment}`;
      if (c.attrs.state !== 'Answered') return `the Consultation is ${c.attrs.state}`;
      if (rday() < Number(c.attrs.answeredRday) + jiffy()) return 'Rule 4E18: the Claims are tallied a Jiffy after the Answer';
    },
    perform(ctx) {
      const c = j(ctx.args.judgment)!;
      const claims = Object.entries(c.attrs.claims as Record<string, string>).filter(([p]) => api.get('player/' + p)).map(([, v]) => v);
      const against = claims.filter((v) => v === 'Inconsistent').length;
      const tally = { consistent: claims.length - against, inconsistent: against };
      fulfil('tally-claims', c.id);
      if (against > claims.length - against) {
        const answers = [...((c.attrs.answers as Json[]) ?? []), { priest: c.attrs.judge, answer: c.attrs.answer, reasoning: c.attrs.answerReasoning, oracularity: c.attrs.oracularity, tally, overruled: true }];
        setState(c.key, 'Waiting', { answers, judge: null, ruling: null, answer: null, answerReasoning: null, oracularity: null, answeredAt: null, answeredRday: null, claims: {}, overruled: Number(c.attrs.overruled ?? 0) + 1 });
        oblige('assign-priest', c.id, `assign a new Priest to Consultation ${c.attrs.number}, whose Answer was found Inconsistent`);
      } else api.set(c.key, 'tally', tally);
      return c.key;
    },
  });

  api.on('ponder', (e) => {
    const c = j(e.payload.judgment);
    if (!c || c.attrs.state !== 'Answered' || c.attrs.answeredAt !== e.payload.at) return;
    let effect: string | null = null;
    const changes = c.attrs.oracularity as any[] | null;
    if (Array.isArray(changes) && changes.length) {
      const normalize = (r: unknown) => (api.imported('4E36', 'normalize') ? api.call<string>('4E36', 'normalize', r) : String(r));
      const body = numbered(changes.map((ch: any) => {
        const kind = ch && Object.keys(ch)[0];
        if (kind === 'enact') return ch;
        if (kind && ch[kind] && ch[kind].rule !== undefined) return { [kind]: { ...ch[kind], rule: normalize(ch[kind].rule) } };
        return ch;
      }));
      const invalid = api.imported('4E75', 'invalid') ? api.call<string | null>('4E75', 'invalid', body) : null;
      const r = invalid ? { ok: false, error: invalid } : api.applyChanges(body, { cause: `oracularity of consultation ${c.attrs.number}` });
      effect = r.ok ? 'applied' : `failed: ${r.error}`;
    }
    setState(c.key, 'Pondered', { ponderedAt: api.now(), effect });
    cancel('tally-claims', c.id);
  });

  api.on('priest-overdue', (e) => {
    const priest = String(e.payload.priest);
    const c = j(e.payload.judgment);
    if (!c || c.attrs.judge !== priest || c.attrs.state !== 'Waiting' || priest === oracle()) return;
    for (const other of api.all('judgment', (o) => o.attrs.judge === priest && o.attrs.state === 'Waiting')) {
      api.set(other.key, 'judge', null);
      oblige('assign-priest', other.id, `assign a new Priest to Consultation ${other.attrs.number}: ${priest} did not answer within a Jiffy`);
    }
    const p = api.get('player/' + priest);
    if (p) api.update(p.key, { ordained: false, ordainBarNweek: nweek() });
  });

  // Other natural spellings: a Consultation named `consultation`, an Answer given as `answer`.
  const renamed = (args: JsonObject): JsonObject => {
    const a: JsonObject = { ...args };
    if (a.judgment == null && a.consultation != null) a.judgment = a.consultation;
    if (a.ruling == null && a.answer != null) a.ruling = a.answer;
    return a;
  };
  const alias = (name: string, target: string, args: Record<string, string>) => {
    const spec = specs[target];
    const wrap = (ctx: any) => Object.assign(Object.create(ctx), { args: renamed(ctx.args) });
    api.action(name, {
      describe: `The same as \`${target}\`${args.consultation ? ' (the Consultation may be named `consultation`)' : ''}${args.answer ? ' (the Answer may be given as `answer`)' : ''}.`,
      args: args as never,
      legal: (ctx) => {
        const a = renamed(ctx.args as JsonObject);
        for (const [k, t] of Object.entries(spec.args ?? {})) if (!String(t).endsWith('?') && a[k] == null) return `missing argument ${k}`;
        return spec.legal ? spec.legal(wrap(ctx)) : undefined;
      },
      perform: (ctx) => spec.perform(wrap(ctx)),
    });
  };
  const judged = { judgment: 'string?', consultation: 'string?' };
  alias('submit-consultation', 'invoke-judgment', specs['invoke-judgment'].args);
  alias('consult', 'invoke-judgment', specs['invoke-judgment'].args);
  alias('select-priest', 'assign-priest', { ...judged, priest: 'string?', number: 'number?' });
  alias('answer', 'judge', { ...judged, ruling: 'string?', answer: 'string?', reasoning: 'string?', oracularity: 'json?' });
  alias('answer-consultation', 'judge', { ...judged, ruling: 'string?', answer: 'string?', reasoning: 'string?', oracularity: 'json?' });
  alias('zot-consultation', 'zot', judged);

}
