// Rule 4E15: Proposals. Any Player submits a proposal (`propose`: its Body, and optionally Title,
// Conflicts and Dependencies), revises or withdraws it while Pending. The Chairman (Minister of
// Change) is obligated to number new proposals (`number-proposals`), to publish a Ballot at the end
// of the nday before Voting (`publish-ballot`) and the results after it (`publish-results`).
// Voting runs from the beginning of nday 9 to the end of the nweek: Pending proposals become Open,
// Registered Voters vote FOR, AGAINST, ABSTAIN or SHELVE (the Final Vote counts). When Voting ends:
// Stamina at most A Quiggle -> Discarded; positive Strength -> Won; negative Strength that SHELVE
// votes would turn positive -> Discarded (Shelved); others Lost; Dependency Culling, Conflict
// Culling, Dependency Culling; Won proposals Pass in number order (their Body's changes happen);
// all become Historical. Shared `status`: pending | voting | adopted | rejected | withdrawn | void.
import type { RuleApi, ObjectView } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

type Success = 'Won' | 'Discarded' | 'Lost' | 'Undecided';

export default function (api: RuleApi) {
  const numbered = (list: any[]): any[] => (api.imported('4E36', 'numberEnacts') ? api.call<any[]>('4E36', 'numberEnacts', list) : list.map((c: any) => (c && c.enact ? { enact: { ...c.enact, number: '' } } : c)));
  const votingNday = api.param('voting start', { pattern: /from the beginning of nday (\d+) of that nweek/, parse: (m) => Number(m[1]) });
  const WORDS = api.param('votes', { pattern: /must be one of the words (\w+), (\w+), (\w+), or (\w+);/, parse: (m) => [m[1]!, m[2]!, m[3]!, m[4]!] });
  const [FOR, AGAINST, ABSTAIN, SHELVE] = WORDS as [string, string, string, string];
  const betrayalFine = api.param('blood betrayal fine', { pattern: /minimum and maximum punishment is a fine of m(\d+)/, parse: (m) => Number(m[1]) });
  const clock = () => (api.get('clock/clock')?.attrs ?? { nweek: 0, nday: 0, count: 0, rday: 0, ndelay: 0 }) as unknown as { nweek: number; nday: number };
  const holder = (m: string) => (api.get('ministry/' + m)?.attrs.holder ?? null) as string | null;
  const oblige = (duty: string, ref: string, what: string) => { if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', 'change', duty, ref, what); };
  const fulfil = (duty: string, ref?: string) => { if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'change', duty, ref); };
  const twins = (a: string, b: string) => a !== b && (api.imported('4E61', 'twins') ? api.call<boolean>('4E61', 'twins', a, b) : false);
  const isVoter = (id: string) => (api.imported('4E20', 'isVoter') ? api.call<boolean>('4E20', 'isVoter', id) : false);
  const strip = (t: string) => (api.imported('4E5', 'stripComments') ? api.call<string>('4E5', 'stripComments', t) : t);
  const normalize = (r: unknown) => (api.imported('4E36', 'normalize') ? api.call<string>('4E36', 'normalize', r) : String(r));

  const ensure = () => {
    if (!api.get('ministry/change')) api.create('ministry', { name: 'Ministry of Change', minister: 'Minister of Change', title: 'Chairman', aliases: ['Change'], holder: null, mini: false, rule: '4E15', history: [] }, { id: 'change' });
    const crime = { name: 'Blood Betrayal', kind: 'Felony', min: betrayalFine, max: betrayalFine, oncePerNweek: true, rule: '4E15' };
    const cur = api.get('crime/blood-betrayal');
    if (!cur) api.create('crime', crime, { id: 'blood-betrayal' });
    else if (cur.attrs.min !== betrayalFine) api.update(cur.key, crime);
  };
  api.on('setup', ensure);
  api.settle(ensure);

  const proposal = (ref: unknown): ObjectView | undefined => {
    if (ref === null || ref === undefined) return undefined;
    const s = String(ref).replace(/^proposal\//, '').trim();
    const n = s.replace(/^(?:proposal\s*)?#?\s*/i, '');
    // By id, then by Proposal Number ("#3", "3"); "#3" when no proposal is numbered 3 yet names the
    // third proposal submitted (its id), as a player would count them before the Chairman numbers them.
    return api.get('proposal/' + s) ?? api.all('proposal', (p) => p.attrs.number !== null && String(p.attrs.number) === n)[0] ?? api.get('proposal/' + n);
  };
  const byNumber = (a: ObjectView, b: ObjectView) => {
    const na = a.attrs.number === null ? Infinity : Number(a.attrs.number);
    const nb = b.attrs.number === null ? Infinity : Number(b.attrs.number);
    return na - nb || Number(a.attrs.created) - Number(b.attrs.created);
  };
  const sharedStatus = (a: JsonObject): string => {
    if (a.bStatus === 'Pending') return 'pending';
    if (a.bStatus === 'Open') return 'voting';
    if (a.withdrawn === true) return 'withdrawn';
    if (a.passed === true) return 'adopted';
    if (a.success === 'Discarded') return 'void';
    return 'rejected';
  };
  const setState = (key: string, attrs: JsonObject) => {
    api.update(key, attrs);
    const now = api.get(key)!.attrs;
    if (now.status !== sharedStatus(now)) api.set(key, 'status', sharedStatus(now));
  };

  /** The Final Votes of Registered Voters and what they make. */
  const tally = (p: ObjectView) => {
    const votes = (p.attrs.votes ?? {}) as Record<string, string>;
    const n = { [FOR]: 0, [AGAINST]: 0, [ABSTAIN]: 0, [SHELVE]: 0 } as Record<string, number>;
    for (const [voter, v] of Object.entries(votes)) if (isVoter(voter)) n[v] = (n[v] ?? 0) + 1;
    return { votesFor: n[FOR]!, votesAgainst: n[AGAINST]!, votesAbstain: n[ABSTAIN]!, votesShelve: n[SHELVE]!, stamina: n[FOR]! + n[AGAINST]! + n[SHELVE]!, strength: n[FOR]! - n[AGAINST]! - n[SHELVE]! };
  };
  const recount = (key: string) => {
    const t = tally(api.get(key)!);
    const cur = api.get(key)!.attrs;
    if (Object.entries(t).some(([k, v]) => cur[k] !== v)) api.update(key, t);
    return t;
  };

  const refs = (list: unknown, self?: string): string[] | string => {
    if (list === undefined || list === null) return [];
    // A single proposal may be named without a list.
    const items = Array.isArray(list) ? list : typeof list === 'string' || typeof list === 'number' ? [list] : null;
    if (!items) return 'Conflicts and Dependencies are lists of proposals';
    const ids: string[] = [];
    for (const r of items) {
      const p = proposal(r);
      if (!p) return `there is no proposal ${r}`;
      if (p.id === self) return 'a proposal cannot list itself';
      ids.push(p.id);
    }
    return ids;
  };
  const checkLists = (ctx: { agent: string; args: JsonObject }, self?: string): string | undefined => {
    const conflicts = refs(ctx.args.conflicts, self);
    if (typeof conflicts === 'string') return conflicts;
    const deps = refs(ctx.args.dependencies, self);
    if (typeof deps === 'string') return deps;
    for (const id of conflicts) {
      const author = String(api.get('proposal/' + id)!.attrs.author);
      if (twins(ctx.agent, author)) return `Rule 4E15: you may not specify a Conflict with a Proposal whose Author (${author}) is your Twin`;
    }
    if (ctx.args.changes !== undefined && ctx.args.changes !== null && !Array.isArray(ctx.args.changes)) return 'changes must be a list of changes';
    return undefined;
  };

  api.action('propose', {
    describe: 'Submit a proposal: its Body (`text`, also read as `body`, or `changes` as data), optionally a Title, Conflicts and Dependencies (lists of proposals). `revives` names a Shelved proposal this one brings back.',
    args: { title: 'string?', text: 'string?', body: 'string?', changes: 'json?', conflicts: 'json?', dependencies: 'json?', revives: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E15: only a Player may submit a proposal';
      if (ctx.args.text == null && ctx.args.body == null && ctx.args.changes == null) return 'Rule 4E15: to submit a proposal, a player need only specify its Body (text, or changes)';
      if (ctx.args.revives != null) {
        const old = proposal(ctx.args.revives);
        if (!old) return `there is no proposal ${ctx.args.revives}`;
        if (old.attrs.barred === true) return 'Rule 4E15: that proposal was Shelved in two consecutive nweeks and shall not appear on a later ballot';
      }
      return checkLists(ctx as never);
    },
    perform(ctx) {
      const p = api.create('proposal', {
        title: String(ctx.args.title ?? ''), text: String(ctx.args.text ?? ctx.args.body ?? ''), changes: (ctx.args.changes ?? null) as Json,
        author: ctx.agent, bStatus: 'Pending', status: 'pending', success: 'Undecided', number: null,
        conflicts: refs(ctx.args.conflicts) as string[], dependencies: refs(ctx.args.dependencies) as string[],
        revives: ctx.args.revives != null ? proposal(ctx.args.revives)!.id : null,
        votes: {}, votesFor: 0, votesAgainst: 0, votesAbstain: 0, votesShelve: 0, stamina: 0, strength: 0,
        everWon: false, passed: false, createdAt: ctx.now, created: api.nextNumber('proposal-created'), submittedNweek: clock().nweek, revisions: 0,
      }, { owner: null });
      oblige('number-proposal', p.id, `assign a Proposal Number to proposal "${ctx.args.title ?? p.id}"`);
      api.emit('proposal-submitted', { proposal: p.id });
      return p.key;
    },
  });

  const own = (ctx: { agent: string; args: JsonObject }): string | undefined => {
    const p = proposal(ctx.args.proposal);
    if (!p) return `there is no proposal ${ctx.args.proposal}`;
    if (p.attrs.author !== ctx.agent) return 'Rule 4E15: only its Author may do this';
    if (p.attrs.bStatus !== 'Pending') return `Rule 4E15: the proposal is ${p.attrs.bStatus}, not Pending`;
    return undefined;
  };

  const reviseSpec: Parameters<RuleApi['action']>[1] = {
    describe: 'Revise your Pending proposal by resubmitting it (Body, Title, Conflicts, Dependencies).',
    args: { proposal: 'string', text: 'string?', body: 'string?', title: 'string?', changes: 'json?', conflicts: 'json?', dependencies: 'json?' },
    legal: (ctx) => own(ctx as never) ?? checkLists(ctx as never, proposal(ctx.args.proposal)!.id),
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      const a: JsonObject = { ...ctx.args, text: ctx.args.text ?? ctx.args.body ?? null };
      api.update(p.key, {
        ...(a.text != null ? { text: String(a.text), changes: (a.changes ?? null) as Json } : a.changes != null ? { changes: a.changes as Json } : {}),
        ...(a.title != null ? { title: String(a.title) } : {}),
        ...(a.conflicts != null ? { conflicts: refs(a.conflicts, p.id) as string[] } : {}),
        ...(a.dependencies != null ? { dependencies: refs(a.dependencies, p.id) as string[] } : {}),
        revisions: Number(p.attrs.revisions) + 1, revisedAt: ctx.now,
      });
      return p.key;
    },
  };
  api.action('revise', reviseSpec);
  api.action('resubmit', { ...reviseSpec, describe: 'The same as `revise` ("revise a Pending proposal he owns by resubmitting it").' });

  api.action('withdraw', {
    describe: 'Withdraw your Pending proposal: it becomes Historical and Lost.',
    args: { proposal: 'string' },
    legal: (ctx) => own(ctx as never),
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      setState(p.key, { bStatus: 'Historical', success: 'Lost', withdrawn: true, historicalAt: ctx.now });
      api.emit('proposal-historical', { proposal: p.id });
      return p.key;
    },
  });

  const numberSpec: Parameters<RuleApi['action']>[1] = {
    describe: 'As the Chairman, assign Proposal Numbers: to one proposal (optionally a chosen number greater than all used before), or to every unnumbered one in order of submission.',
    args: { proposal: 'string?', number: 'number?' },
    legal(ctx) {
      if (holder('change') !== ctx.agent) return 'Rule 4E15: the Chairman assigns Proposal Numbers';
      if (ctx.args.proposal != null) {
        const p = proposal(ctx.args.proposal);
        if (!p) return `there is no proposal ${ctx.args.proposal}`;
        if (p.attrs.number !== null) return `proposal ${p.id} already has the number ${p.attrs.number}`;
      } else if (!api.all('proposal', (p) => p.attrs.number === null).length) return 'every proposal has a number';
      if (ctx.args.number != null) {
        const n = Number(ctx.args.number);
        if (ctx.args.proposal == null) return 'a chosen number is for one proposal';
        if (!Number.isInteger(n) || n <= api.peekNumber('proposal-number', 1)) return `Rule 4E15: a new Proposal Number must be greater than all previously used (${api.peekNumber('proposal-number', 1)})`;
      }
    },
    perform(ctx) {
      const targets = ctx.args.proposal != null ? [proposal(ctx.args.proposal)!] : api.all('proposal', (p) => p.attrs.number === null).sort(byNumber);
      for (const p of targets) {
        let n: number;
        if (ctx.args.number != null) {
          n = Number(ctx.args.number);
          while (api.peekNumber('proposal-number', 1) < n) api.nextNumber('proposal-number', 1);
        } else n = api.nextNumber('proposal-number', 1);
        api.set(p.key, 'number', n);
        fulfil('number-proposal', p.id);
      }
      return targets.length === 1 ? targets[0]!.key : targets.length;
    },
  };
  api.action('number-proposals', numberSpec);
  for (const alias of ['number-proposal', 'assign-proposal-number', 'assign-number']) api.action(alias, { ...numberSpec, describe: 'The same as `number-proposals`.' });

  // 4E7: a parameter is valid regardless of capitalization and punctuation ("for", "AGAINST!").
  const voteWord = (v: unknown) => String(v).replace(/[^\p{L}\s]/gu, '').trim().toUpperCase();
  api.action('vote', {
    describe: `As a Registered Voter, vote on an Open proposal: ${WORDS.join(', ')} (other words are ignored). Your most recent vote is your Final Vote.`,
    args: { proposal: 'string', vote: 'string' },
    legal(ctx) {
      if (!isVoter(ctx.agent)) return 'Rule 4E15: only Registered Voters vote (4E20: all Players)';
      const p = proposal(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.bStatus !== 'Open') return `Rule 4E15: votes are submitted on Open proposals; this one is ${p.attrs.bStatus}`;
      const word = voteWord(ctx.args.vote);
      if (!WORDS.includes(word)) return `Rule 4E15: "${ctx.args.vote}" is ignored; the Vote must be one of ${WORDS.join(', ')}`;
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      const word = voteWord(ctx.args.vote);
      api.set(p.key, 'votes', { ...(p.attrs.votes as JsonObject), [ctx.agent]: word });
      recount(p.key);
      const nweek = clock().nweek;
      api.set('player/' + ctx.agent, 'lastVotedNweek', nweek);
      const author = String(p.attrs.author);
      if (word === AGAINST && twins(ctx.agent, author) && !api.all('offense', (o) => o.attrs.crime === 'blood-betrayal' && o.attrs.offender === ctx.agent && o.attrs.nweek === nweek).length) {
        api.create('offense', { crime: 'blood-betrayal', offender: ctx.agent, nweek, at: ctx.now, detail: `voted AGAINST proposal ${p.attrs.number ?? p.id} by ${author}, his Twin` }, { owner: null });
      }
      return p.key;
    },
  });

  const ballotSpec: Parameters<RuleApi['action']>[1] = {
    describe: 'As the Chairman, publish a Ballot listing every item to be voted upon (the Pending and Open proposals, with their text).',
    legal: (ctx) => (holder('change') === ctx.agent ? undefined : 'Rule 4E15: the Chairman publishes the Ballot'),
    perform(ctx) {
      const items = api.all('proposal', (p) => p.attrs.bStatus === 'Pending' || p.attrs.bStatus === 'Open').sort(byNumber);
      const b = api.create('ballot', { at: ctx.now, nweek: clock().nweek, by: ctx.agent, proposals: items.map((p) => p.id), items: items.map((p) => ({ proposal: p.id, number: p.attrs.number, title: p.attrs.title, text: p.attrs.text })) }, { owner: null });
      fulfil('publish-ballot');
      return b.key;
    },
  };
  api.action('publish-ballot', ballotSpec);
  for (const alias of ['post-ballot', 'ballot']) api.action(alias, { ...ballotSpec, describe: 'The same as `publish-ballot`.' });

  api.action('publish-results', {
    describe: 'As the Chairman, publish the results of the last Voting: every vote, each outcome and the changes to scores.',
    legal(ctx) {
      if (holder('change') !== ctx.agent) return 'Rule 4E15: the Chairman publishes the results';
      if (!api.get('game/game')!.attrs.lastVoting) return 'no Voting has ended yet';
    },
    perform(ctx) {
      const r = api.create('results', { at: ctx.now, by: ctx.agent, ...(api.get('game/game')!.attrs.lastVoting as JsonObject) }, { owner: null });
      fulfil('publish-results');
      return r.key;
    },
  });

  // "It may be unclear whether or not a particular part of the text is a gamestate change;
  // determining this is left to the Chairman": text of a passed Body the parser could not read
  // (a `manual/ID` object) is resolved by the Chairman, as changes or as no change at all.
  api.action('resolve-manual', {
    describe: "As the Chairman, resolve text of a passed proposal's Body the engine could not read: give the changes it makes (none, if it is no gamestate change).",
    args: { manual: 'string', changes: 'json?', note: 'string' },
    legal(ctx) {
      if (holder('change') !== ctx.agent) return 'Rule 4E15: determining this is left to the Chairman';
      const m = api.get('manual/' + ctx.args.manual);
      if (!m || m.attrs.status !== 'pending') return `there is no pending text ${ctx.args.manual} to resolve`;
      if (!/^proposal\b/.test(String(m.attrs.cause))) return 'the Chairman resolves the text of proposals only';
      if (ctx.args.changes != null && !Array.isArray(ctx.args.changes)) return 'changes must be a list';
    },
    perform(ctx) {
      const m = api.get('manual/' + ctx.args.manual)!;
      const changes = (ctx.args.changes ?? []) as any[];
      if (changes.length) {
        const r = api.applyChanges(numbered(changes.map((c: any) => {
          const kind = c && Object.keys(c)[0];
          if (kind === 'enact') return c;
          if (kind && c[kind] && c[kind].rule !== undefined) return { [kind]: { ...c[kind], rule: normalize(c[kind].rule) } };
          return c;
        })), { cause: `${m.attrs.cause} (as the Chairman ${ctx.agent} read it)` });
        if (!r.ok) api.refuse(`the changes cannot be applied: ${r.error}`);
      }
      api.update(m.key, { status: changes.length ? 'applied' : 'no change', resolvedBy: ctx.agent, note: String(ctx.args.note), changes: changes as Json });
      return m.key;
    },
  });

  // The Body's instructions. Text in which no change can be read is not taken for the text of a new
  // rule (a Body is instructions to change the game, and "this text is generally ignored"): whether
  // it changes anything is left to the Chairman (a `manual/ID` to resolve), as all unclear text.
  const readBody = (text: string): any[] => {
    const parsed = api.lib.parseProposal(strip(text));
    if (parsed.notes.some((n: string) => /no rule-change clause found/.test(n))) {
      return strip(text).trim() ? [{ manual: { text: strip(text).trim(), reason: 'Rule 4E15: no gamestate change could be read; the Chairman determines what it changes' } }] : [];
    }
    return parsed.changes;
  };
  api.export('readBody', readBody);

  api.on('nday-ends', (e) => {
    if (Number(e.payload.nday) !== votingNday - 1) return;
    // A Ballot already published this nweek that lists every item to be voted upon fulfils it.
    const pending = api.all('proposal', (p) => p.attrs.bStatus === 'Pending' || p.attrs.bStatus === 'Open').map((p) => p.id);
    const done = api.all('ballot', (b) => b.attrs.nweek === Number(e.payload.nweek) && pending.every((id) => (b.attrs.proposals as string[]).includes(id))).length > 0;
    if (!done) oblige('publish-ballot', `nweek ${e.payload.nweek}`, `publish the Ballot for the Voting of nweek ${e.payload.nweek}`);
  });
  api.on('nday-begins', (e) => {
    if (Number(e.payload.nday) !== votingNday) return;
    for (const p of api.all('proposal', (p) => p.attrs.bStatus === 'Pending').sort(byNumber)) setState(p.key, { bStatus: 'Open', openedNweek: e.payload.nweek });
    api.emit('voting-begins', { nweek: e.payload.nweek });
  });
  api.export('isVoting', () => Number(api.get('clock/clock')?.attrs.nday ?? 0) >= votingNday);

  // The end of Voting: the events of the rule, in order.
  api.on('nweek-ends', (e) => {
    const nweek = Number(e.payload.nweek);
    let open = api.all('proposal', (p) => p.attrs.bStatus === 'Open').sort(byNumber);
    if (!open.length) return;
    const quiggle = api.imported('4E30', 'quantity') ? Number(api.call('4E30', 'quantity', 'A Quiggle')) : 0;
    const success = new Map<string, Success>();
    const why = new Map<string, string>();
    const t = new Map(open.map((p) => [p.id, recount(p.key)]));
    for (const p of open) {
      if (t.get(p.id)!.stamina <= quiggle) success.set(p.id, 'Discarded'), why.set(p.id, `Stamina ${t.get(p.id)!.stamina} is not more than A Quiggle (${quiggle})`);
    }
    const shelved = new Set<string>();
    const won = new Set<string>();
    for (const p of open) {
      if (success.has(p.id)) continue;
      const { strength, votesShelve } = t.get(p.id)!;
      if (strength > 0) success.set(p.id, 'Won'), won.add(p.id);
      else if (strength < 0 && strength + 2 * votesShelve > 0) {
        const revived = p.attrs.revives ? api.get('proposal/' + p.attrs.revives) : undefined;
        if (revived && revived.attrs.shelvedNweek === nweek - 1) {
          success.set(p.id, 'Lost'), why.set(p.id, 'Shelved in two consecutive nweeks');
          api.update(p.key, { barred: true });
        } else success.set(p.id, 'Discarded'), shelved.add(p.id), why.set(p.id, 'Shelved');
      } else success.set(p.id, 'Lost');
    }
    const state = (id: string): Success => success.get(id) ?? (String(api.get('proposal/' + id)?.attrs.success ?? 'Undecided') as Success);
    const dependencyCulling = () => {
      for (let changed = true; changed;) {
        changed = false;
        for (const p of open) {
          if (state(p.id) === 'Lost') continue;
          if ((p.attrs.dependencies as string[]).some((d) => state(d) === 'Lost' || state(d) === 'Discarded')) {
            success.set(p.id, 'Lost'), why.set(p.id, 'Dependency Culling');
            changed = true;
          }
        }
      }
    };
    dependencyCulling();
    const conflictOrder = [...open].sort((a, b) => t.get(b.id)!.strength - t.get(a.id)!.strength || -byNumber(a, b));
    for (const p of conflictOrder) {
      if (state(p.id) !== 'Won') continue;
      for (const q of open) {
        if (q.id === p.id) continue;
        if ((p.attrs.conflicts as string[]).includes(q.id) || (q.attrs.conflicts as string[]).includes(p.id)) success.set(q.id, 'Lost'), why.set(q.id, `Conflict Culling (conflicts with ${p.attrs.number ?? p.id})`);
      }
    }
    dependencyCulling();
    for (const p of open) {
      setState(p.key, { success: state(p.id), ...(won.has(p.id) ? { everWon: true } : {}), ...(why.has(p.id) ? { outcome: why.get(p.id)! } : {}), ...(shelved.has(p.id) ? { shelvedNweek: nweek } : {}) });
    }
    // Won proposals Pass, in order by Proposal Number.
    for (const p of open.filter((p) => state(p.id) === 'Won')) {
      const label = String(p.attrs.number ?? p.id);
      const fresh = api.get(p.key)!;
      const body = Array.isArray(fresh.attrs.changes) ? (fresh.attrs.changes as any[]) : readBody(String(fresh.attrs.text));
      const changes = numbered(body.map((c: any) => {
        const kind = c && Object.keys(c)[0];
        if (kind === 'enact') return c; // 4E36: numbered by numberEnacts, or by the Rulekeeper
        if (kind && c[kind] && c[kind].rule !== undefined) return { [kind]: { ...c[kind], rule: normalize(c[kind].rule) } };
        return c;
      }));
      const invalid = api.imported('4E75', 'invalid') ? api.call<string | null>('4E75', 'invalid', changes) : null;
      const result = invalid ? { ok: false, error: invalid } : api.applyChanges(changes, { cause: `proposal ${label}` });
      setState(p.key, { passed: true, passedAt: api.now(), effect: result.ok ? 'applied' : `failed: ${result.error}` });
      api.emit('proposal-passed', { proposal: p.id });
    }
    open = open.map((p) => api.get(p.key)!);
    for (const p of open) {
      setState(p.key, { bStatus: 'Historical', historicalAt: api.now() });
      api.emit('proposal-historical', { proposal: p.id });
    }
    const summary = open.map((p) => ({ proposal: p.id, number: p.attrs.number, title: p.attrs.title, votes: p.attrs.votes, success: p.attrs.success, passed: p.attrs.passed, status: p.attrs.status, strength: p.attrs.strength, stamina: p.attrs.stamina }));
    api.set('game/game', 'lastVoting', { nweek, quiggle, proposals: summary } as unknown as Json);
    oblige('publish-results', `nweek ${nweek}`, `publish the results of the Voting of nweek ${nweek}`);
    api.message('all', `Voting of nweek ${nweek} ended: ${summary.map((s) => `${s.number ?? s.proposal} ${s.status}`).join(', ')}`, { channel: 'voting' });
  });

  api.export('find', (ref: unknown) => proposal(ref)?.id ?? null);
}
