// Rule 3: Proposals. Players submit Proposals (`propose`; a message whose subject line reads
// "Proposal: TITLE" is one too), which are Pending until Doc judges them, in the order in which they
// were proposed (`judge-proposal`): accepted (Doc's changes to the Ruleset are made at once),
// rejected, or ignored under a condition the ruleset makes explicit (here: its intent was already
// addressed by another Proposal or Proclamation). Doc may rewrite a Pending Proposal
// (`rewrite-proposal`, recorded), publish Proclamations that change any rule or the game state
// (`proclaim`), and Directives calling for Proposals (`direct`). Doc's messages to the list judge
// ("Proposal 3 is accepted", "I reject Proposal 4") and proclaim (subject "Proclamation: ...") too.
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

type Verdict = 'accept' | 'reject' | 'ignore';

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const game = () => api.get('game/game')!.attrs;
  const isDoc = isDocAgent;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const publish = (kind: string, ref: string, subject: string, text: string) => {
    if (api.imported('4', 'publish')) api.call('4', 'publish', { kind, ref, subject, text });
    else api.message('all', `${subject}\n\n${text}`, { channel: 'list' });
  };
  const byRef = (type: string, ref: unknown): ObjectView | undefined => {
    if (ref === null || ref === undefined) return undefined;
    const s = String(ref).trim().replace(new RegExp(`^${type}\\s*[/#]?\\s*`, 'i'), '').replace(/^#/, '').trim();
    return api.get(type + '/' + s) ?? api.all(type, (o) => o.attrs.number != null && String(o.attrs.number) === s)[0];
  };
  const proposal = (ref: unknown) => byRef('proposal', ref);
  const pending = () => api.all('proposal', (p) => p.attrs.status === 'pending').sort((a, b) => Number(a.attrs.number) - Number(b.attrs.number));
  /**
   * DocNomic's own ways of writing rule-changes, put in the words the shared parser reads: "Rule
   * 1009 is repealed", "Repeal Rule 1009 (Room to Grow)", "Change "11" to "20" in Rule 1004",
   * "Enact a new NSFR ...".
   */
  const docWords = (text: string) => text
    .replace(/\b(?:Rule|R)\s*#?(\d+)(?:\s*\([^)\n]*\))?\s+(?:is|shall be)\s+(?:hereby\s+)?repealed\b/gi, 'Repeal Rule $1')
    .replace(/\b(Repeal\s+Rule\s+#?\d+)\s*\([^)\n]*\)/gi, '$1')
    .replace(/\bChange\s+("[^"\n]*"|“[^”\n]*”|'[^'\n]*')\s+(?:to|into)\s+("[^"\n]*"|“[^”\n]*”|'[^'\n]*')\s+in\s+Rule\s+#?(\d+)/gi, 'In Rule $3, replace $1 with $2')
    .replace(/\b(new|an?)\s+(?:NSFR|FR|Not[- ]So[- ]Fundamental\s+Rule|Fundamental\s+Rule)\b/gi, '$1 rule');
  const parse = (text: string) => api.lib.parseProposal(docWords(text));

  api.action('propose', {
    describe: 'Submit a Proposal (it becomes Pending until Doc judges it). Without `changes`, its text is parsed into rule-changes.',
    args: { title: 'string?', text: 'string?', changes: 'json?' },
    legal(ctx) {
      if (!ctx.agent) return 'only a person may submit a Proposal';
      if ((ctx.args.text === undefined || ctx.args.text === null) && (ctx.args.changes === undefined || ctx.args.changes === null)) return 'a Proposal needs its text (or its rule-changes)';
      if (isDoc(ctx.agent)) return 'Rule 2: Doc may not be a Player, and Players submit Proposals';
    },
    perform(ctx) {
      const text = ctx.args.text != null ? String(ctx.args.text) : String(ctx.args.title ?? '');
      let changes = ctx.args.changes as Json;
      let notes: string[] = [];
      if (changes === undefined || changes === null) ({ changes, notes } = parse(text) as unknown as { changes: Json; notes: string[] });
      if (!Array.isArray(changes)) api.refuse('changes must be a list of rule-changes');
      if (api.imported('2', 'enter')) api.call('2', 'enter', ctx.agent);
      const number = api.nextNumber('proposal');
      const p = api.create('proposal', {
        number, title: String(ctx.args.title ?? ''), text, changes, notes, author: ctx.agent, status: 'pending',
        submittedAt: ctx.now, submittedDun: duns(), votesFor: 0, votesAgainst: 0, judgement: null, rewrites: [],
      }, { id: String(number), owner: null });
      api.message('all', `Proposal ${number} by ${ctx.agent}${ctx.args.title ? ` ("${ctx.args.title}")` : ''} is Pending.`, { channel: 'list' });
      api.emit('proposal-submitted', { proposal: p.id, author: ctx.agent, number });
      return p.key;
    },
  });

  /** Doc's judgement in Doc's words: "accept", "Accepted", "adopt", "reject", "rejected", "ignore"... */
  const verdictOf = (word: string): Verdict | null => {
    const w = word.trim().toLowerCase().replace(/[.!]+$/, '');
    if (/^(accept(ed)?|adopt(ed)?|approve[ds]?|pass(ed)?)$/.test(w)) return 'accept';
    if (/^(reject(ed)?|den(y|ied)|fail(ed)?|refused?)$/.test(w)) return 'reject';
    if (/^(ignored?|void)$/.test(w)) return 'ignore';
    return null;
  };
  /** The judgement argument under any of its natural spellings. */
  const judgementArg = (args: Readonly<JsonObject>): string | null => {
    const given = args.judgement ?? args.judgment ?? args.verdict ?? args.decision ?? args.ruling;
    return given === undefined || given === null ? null : String(given);
  };

  api.action('judge-proposal', {
    describe: 'As Doc, judge the earliest Pending Proposal: `judgement` (or `judgment`) "accept" (its changes are made), "reject", or "ignore" (name the Proposal or Proclamation that already addressed its intent in `addressedBy`, or the rule whose condition applies in `rule`).',
    args: { proposal: 'json', judgement: 'string?', reason: 'string?', addressedBy: 'json?', rule: 'string?' },
    legal(ctx) {
      if (!isDoc(ctx.agent)) return 'Rule 3: only Doc judges Proposals';
      const p = proposal(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'pending') return `Rule 3: Proposal ${p.attrs.number} is not Pending (it is ${p.attrs.status})`;
      const first = pending()[0]!;
      if (first.id !== p.id) return `Rule 3: Doc judges Pending Proposals in the order in which they were proposed; Proposal ${first.attrs.number} comes first`;
      const word = judgementArg(ctx.args);
      const verdict = word === null ? null : verdictOf(word);
      if (!verdict) return 'Rule 3: the judgement is accept, reject or ignore';
      if (verdict === 'ignore') {
        const cited = String(ctx.args.rule ?? '3');
        if (cited !== api.self.number) {
          const rule = api.rule(cited);
          if (!rule || !/ignored/i.test(rule.text)) return `Rule 3: to ignore a Proposal, the condition must be explicit in the ruleset; rule ${cited} states none`;
          if (!ctx.args.reason) return 'Rule 3: give the reason (the condition of rule ' + cited + ' that applies)';
          return undefined;
        }
        const other = ctx.args.addressedBy;
        const addressed = proposal(other) ?? byRef('proclamation', other);
        if (!addressed || addressed.key === p.key) return 'Rule 3: Doc may ignore a Proposal only when another Proposal or Proclamation already addressed its intent: name it in `addressedBy`';
      }
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      const verdict = verdictOf(judgementArg(ctx.args)!)!;
      const number = p.attrs.number;
      if (verdict === 'accept') {
        const result = api.applyChanges(p.attrs.changes as never, { cause: `proposal ${number}` });
        if (!result.ok) api.refuse(`Proposal ${number} cannot be accepted as written (${result.error}); Doc may rewrite it (Rule 3) or reject it`);
      }
      const status = verdict === 'accept' ? 'adopted' : verdict === 'reject' ? 'rejected' : 'void';
      const judgement = verdict === 'accept' ? 'accepted' : verdict === 'reject' ? 'rejected' : 'ignored';
      const record: JsonObject = { status, judgement, judgedAt: ctx.now, judgedBy: ctx.agent, reason: (ctx.args.reason ?? null) as Json };
      if (verdict === 'ignore') record.ignoredUnder = ctx.args.rule ? `Rule ${ctx.args.rule}` : `Rule 3 (addressed by ${ctx.args.addressedBy})`;
      api.update(p.key, record);
      publish('judgement', p.key, `Judgement: Proposal ${number} ${judgement}`, `Doc ${judgement} Proposal ${number} by ${p.attrs.author}${ctx.args.reason ? `: ${ctx.args.reason}` : '.'}`);
      api.emit(`proposal-${judgement}`, { proposal: p.id, author: p.attrs.author as string, number: number as number });
      return p.key;
    },
  });

  // The same judgement under the verbs of Rule 3 itself: "accept, reject or ignore them".
  for (const verb of ['accept', 'reject', 'ignore'] as const) {
    api.action(`${verb}-proposal`, {
      describe: `As Doc, ${verb} the earliest Pending Proposal (the same as \`judge-proposal\` with judgement "${verb}").`,
      args: { proposal: 'json', reason: 'string?', addressedBy: 'json?', rule: 'string?' },
      legal(ctx) {
        const v = api.legal('judge-proposal', { ...(ctx.args as JsonObject), judgement: verb }, { agent: ctx.agent, person: ctx.person });
        return v === true ? undefined : v;
      },
      perform(ctx) {
        const result = api.perform('judge-proposal', { ...(ctx.args as JsonObject), judgement: verb }, { agent: ctx.agent, person: ctx.person });
        if (!result.ok) api.refuse(result.error ?? `Proposal ${ctx.args.proposal} cannot be judged`);
        return result.value ?? null;
      },
    });
  }

  // Other natural spellings of Doc's actions: the bare verbs ("accept", "reject", "ignore"), a
  // Proclamation as a noun or "publish-proclamation", a Directive likewise.
  const alias = (name: string, target: string, describe: string, args: Record<string, string>, fixed: JsonObject = {}) =>
    api.action(name, {
      describe,
      args: args as never,
      legal(ctx) {
        const v = api.legal(target, { ...(ctx.args as JsonObject), ...fixed }, { agent: ctx.agent, person: ctx.person });
        return v === true ? undefined : v;
      },
      perform(ctx) {
        const result = api.perform(target, { ...(ctx.args as JsonObject), ...fixed }, { agent: ctx.agent, person: ctx.person });
        if (!result.ok) api.refuse(result.error ?? `${name} was refused`);
        return result.value ?? null;
      },
    });
  for (const verb of ['accept', 'reject', 'ignore'] as const) {
    alias(verb, 'judge-proposal', `As Doc, ${verb} a Proposal: the same as \`${verb}-proposal\`.`, { proposal: 'json', reason: 'string?', addressedBy: 'json?', rule: 'string?' }, { judgement: verb });
  }
  for (const name of ['publish-proclamation', 'proclamation']) {
    alias(name, 'proclaim', 'As Doc, publish a Proclamation: the same as `proclaim`.', { text: 'string', subject: 'string?', changes: 'json?' });
  }
  for (const name of ['publish-directive', 'directive']) alias(name, 'direct', 'As Doc, publish a Directive: the same as `direct`.', { text: 'string' });

  api.action('rewrite-proposal', {
    describe: 'As Doc, rewrite a Pending Proposal to clarify it or correct errors without altering its meaning (or set the numbers of the rules it creates: in `changes`, or `number` for the first rule it enacts); the old wording is kept.',
    args: { proposal: 'json', title: 'string?', text: 'string?', changes: 'json?', number: 'json?', reason: 'string?' },
    legal(ctx) {
      if (!isDoc(ctx.agent)) return 'Rule 3: only Doc rewrites Proposals';
      const p = proposal(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.status !== 'pending') return 'Rule 3: only a Pending Proposal may be rewritten';
      if (ctx.args.changes != null && !Array.isArray(ctx.args.changes)) return 'changes must be a list of rule-changes';
      if (ctx.args.number != null) {
        const changes = (ctx.args.changes ?? p.attrs.changes) as JsonObject[];
        if (!changes.some((c) => c && typeof c === 'object' && 'enact' in c)) return 'Rule 3: the Proposal creates no rule to number';
      }
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      const text = ctx.args.text != null ? String(ctx.args.text) : String(p.attrs.text);
      let changes = (ctx.args.changes ?? (ctx.args.text != null ? parse(text).changes : p.attrs.changes)) as Json;
      if (ctx.args.number != null) {
        let done = false;
        changes = (changes as JsonObject[]).map((c) => {
          if (done || !c || typeof c !== 'object' || !('enact' in c)) return c;
          done = true;
          return { enact: { ...(c.enact as JsonObject), number: String(ctx.args.number) } };
        }) as Json;
      }
      const before = { title: p.attrs.title, text: p.attrs.text, changes: p.attrs.changes, at: ctx.now, reason: (ctx.args.reason ?? null) as Json };
      api.update(p.key, {
        title: ctx.args.title != null ? String(ctx.args.title) : p.attrs.title, text, changes: changes as Json,
        rewrites: [...(p.attrs.rewrites as Json[]), before],
      });
      api.message('all', `Doc rewrote Proposal ${p.attrs.number}${ctx.args.reason ? `: ${ctx.args.reason}` : '.'}`, { channel: 'list' });
      return p.key;
    },
  });

  api.action('proclaim', {
    describe: 'As Doc, publish a Proclamation: it modifies, removes or enacts rules or modifies the game state (`changes`, or its text parsed; what cannot be parsed is left to people).',
    args: { text: 'string', subject: 'string?', changes: 'json?' },
    legal: (ctx) => (isDoc(ctx.agent) ? undefined : 'Rule 3: only Doc publishes Proclamations'),
    perform(ctx) {
      const text = String(ctx.args.text);
      let changes = ctx.args.changes as Json;
      if (changes === undefined || changes === null) {
        const parsed = parse(text);
        const stated = parsed.notes.some((n) => /no rule-change clause/.test(n));
        changes = (stated ? [{ manual: { text, reason: 'a Proclamation the engine cannot apply by itself' } }] : parsed.changes) as Json;
      }
      if (!Array.isArray(changes)) api.refuse('changes must be a list of changes');
      const n = api.nextNumber('proclamation');
      const subject = String(ctx.args.subject ?? `Proclamation ${n}`);
      const result = api.applyChanges(changes as never, { cause: `proclamation ${n}` });
      if (!result.ok) api.refuse(`the Proclamation cannot take effect: ${result.error}`);
      const p = api.create('proclamation', { number: n, subject, text, changes, by: ctx.agent, at: ctx.now }, { id: String(n), owner: null });
      publish('proclamation', p.key, subject, text);
      api.emit('proclamation', { proclamation: p.id });
      return p.key;
    },
  });

  api.action('direct', {
    describe: 'As Doc, publish a Directive calling for Proposals in a certain area.',
    args: { text: 'string' },
    legal: (ctx) => (isDoc(ctx.agent) ? undefined : 'Rule 3: only Doc publishes Directives'),
    perform(ctx) {
      const n = api.nextNumber('directive');
      const d = api.create('directive', { number: n, text: String(ctx.args.text), by: ctx.agent, at: ctx.now }, { id: String(n), owner: null });
      publish('directive', d.key, `Directive ${n}`, String(ctx.args.text));
      return d.key;
    },
  });

  // A message to the list whose subject line reads "Proposal: TITLE" submits a Proposal. Where the
  // medium has no subject lines (chat), the first line of the message is its subject line.
  api.on('message', (e) => {
    const { subject, body } = subjectOf(e.payload.text, e.payload.medium?.subject);
    const as = { agent: e.payload.person, person: e.payload.person };
    // Doc's judgements and Proclamations published to the list: "Proposal 3 is accepted",
    // "I reject Proposal 4" (in the subject line or the message), "Proclamation: ..." (Rule 5).
    if (isDoc(e.payload.person)) {
      const all = `${subject}\n${body}`;
      let number: string | undefined;
      let word: string | undefined;
      const a = all.match(/\bProposal\s*#?(\d+)\s*(?:is\s+|has\s+been\s+)?(?:hereby\s+)?(accepted|rejected|ignored)\b/i);
      const b = a ? null : all.match(/(?:^|[.!:\n]\s*|\b(?:I|Doc)\s+(?:hereby\s+)?)(accept|reject|ignore)(?:s|ed)?\s+Proposal\s*#?(\d+)\b/i);
      if (a) [number, word] = [a[1], a[2]];
      else if (b) [number, word] = [b[2], b[1]];
      if (number !== undefined && word !== undefined) {
        const result = api.perform('judge-proposal', { proposal: number, judgement: word }, as);
        if (!result.ok) api.log(`Doc's judgement of Proposal ${number} was not made: ${result.error}`);
        return;
      }
      const pm = subject.match(/^\s*Proclamation\s*:?\s*(.*)$/i);
      if (pm) {
        const result = api.perform('proclaim', { text: body || pm[1]!.trim(), subject: subject.trim() }, as);
        if (!result.ok) api.log(`Doc's Proclamation was not published: ${result.error}`);
      }
      return;
    }
    const m = subject.match(/^\s*Proposal\s*:\s*(.*)$/i);
    if (!m) return;
    const result = api.perform('propose', { title: m[1]!.trim(), text: body }, as);
    if (!result.ok) api.log(`the Proposal from ${e.payload.person} was not submitted: ${result.error}`);
  });
}

function subjectOf(text: string, subject: string | undefined): { subject: string; body: string } {
  if (subject) return { subject, body: text };
  const [first, ...rest] = String(text).split('\n');
  return { subject: first ?? '', body: rest.join('\n').trim() };
}
