// Rule 104: every rule-change proposed in the proper way is voted on, and adopted if and only if it
// receives the required number of votes.
// - `propose`: the player's post of one or more proposals (the shared `title`/`text`/`changes`, or a
//   list in `proposals`); each is checked by every rule that exports `invalidChanges`, numbered
//   (Rule 108, or Rule 369 for a complex number) and opened for voting at once (status `voting`).
// - `adopt`: performed only by the rules once a hack's votes are counted; the rules that define the
//   required votes check it (Rule 322 a majority, Rule 109 unanimity for transmutations). Without any
//   rule defining them, the required number is every eligible voter.
// - Exports other rules use: `find` (a hack by id or number), `post` (create a hack), `validate`,
//   `voidHack` (a hack struck out, with everything that amends it).
// A proposal whose proponent leaves before its votes are counted is void: nobody can post its votes.
// A hack given only as data (`changes` without `text`) is posted with the text those changes spell
// out (the new rule texts, the replacing sections, "Repeal Rule N."): that is the hack's text for
// the rules that read it (Rule 372's vowels and length, Rule 394's Greek letters, Rule 401's
// sections replaced by a meta-amendment).
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

interface PostSpec {
  author: string;
  kind: 'proposal' | 'meta-amendment';
  parent?: string | null;
  title: string;
  text: string;
  changes: Json[];
  notes?: string[];
  parsed?: boolean;
  complex?: boolean;
  vote?: string | null;
}

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs;
  const inGame = (name: string) => {
    const p = api.get('player/' + name);
    return p !== undefined && p.attrs.left !== true;
  };

  const find = (ref: unknown): ObjectView | undefined => {
    if (ref === null || ref === undefined || ref === '') return undefined;
    const s = String(ref).trim();
    if (s.startsWith('#')) return api.all('proposal', (p) => String(p.attrs.number) === s.slice(1))[0];
    // "proposal 301", "meta-amendment 305", "P301" name a hack by its number too.
    const named = s.match(/^(?:proposal|meta-amendment|meta amendment|hack|p)\s*#?\s*(\d+(?:\+\d+i)?)$/i);
    if (named) return api.all('proposal', (p) => String(p.attrs.number) === named[1])[0];
    return api.get('proposal/' + s) ?? api.all('proposal', (p) => String(p.attrs.number) === s)[0];
  };
  api.export('find', (ref: unknown) => find(ref)?.id ?? null);

  /** Asks every rule that exports `invalidChanges` whether these changes may be proposed or applied. */
  const validate = (changes: Json[], info: JsonObject): string | null => {
    for (const rule of api.rules()) {
      if (typeof api.imported(rule.number, 'invalidChanges') !== 'function') continue;
      const verdict = api.call<string | null | undefined>(rule.number, 'invalidChanges', changes, info);
      if (typeof verdict === 'string' && verdict) return verdict;
    }
    return null;
  };
  api.export('validate', validate);

  /** The text a list of rule-changes spells out, for a hack posted as data only. */
  const textOf = (changes: unknown): string => {
    if (!Array.isArray(changes)) return '';
    const lines: string[] = [];
    for (const c of changes as any[]) {
      if (!c || typeof c !== 'object') continue;
      if (c.enact) lines.push(String(c.enact.text ?? ''));
      else if (c.amend) {
        if (c.amend.text != null) lines.push(String(c.amend.text));
        else if (Array.isArray(c.amend.replace)) lines.push(...c.amend.replace.map((r: any) => String(r?.to ?? '')));
      } else if (c.repeal) lines.push(`Repeal Rule ${c.repeal.rule}.`);
      else if (c.transmute) lines.push(`Transmute Rule ${c.transmute.rule}.`);
      else if (c.retitle) lines.push(`Retitle Rule ${c.retitle.rule} "${c.retitle.title ?? ''}".`);
      else if (c.set) lines.push(`Set ${c.set.path ?? `the ${c.set.attribute} of Rule ${c.set.rule}`} to ${JSON.stringify(c.set.value)}.`);
    }
    return lines.filter((l) => l !== '').join('\n');
  };
  api.export('textOf', textOf);

  const post = (spec: PostSpec): string => {
    if (String(spec.text ?? '').trim() === '' && Array.isArray(spec.changes) && spec.changes.length > 0) spec = { ...spec, text: textOf(spec.changes) };
    const parent = spec.parent ? api.get('proposal/' + spec.parent) : undefined;
    let number: Json;
    if (spec.complex) {
      if (typeof api.imported('369', 'assign') !== 'function') api.refuse('no rule in effect gives complex numbers');
      number = api.call<string>('369', 'assign');
    } else {
      number = typeof api.imported('108', 'assign') === 'function' ? api.call<number>('108', 'assign') : api.nextNumber('ordinal', 301);
    }
    const created = api.create('proposal', {
      kind: spec.kind, title: spec.title, text: spec.text, changes: spec.changes, notes: spec.notes ?? [], parsed: spec.parsed === true,
      author: spec.author, status: 'voting', number, complex: spec.complex === true,
      parent: parent ? parent.id : null, root: parent ? (parent.attrs.root as string) : null, level: parent ? Number(parent.attrs.level) + 1 : 0,
      turnNumber: (game().turnNumber ?? null) as Json, postedAt: api.now(), created: api.nextNumber('hack-created'),
      counted: false, votesFor: null, votesAgainst: null, ballotsCast: 0, condition: null,
    }, { owner: null });
    if (!parent) api.set(created.key, 'root', created.id);
    api.emit('hack-posted', { hack: created.id, kind: spec.kind, author: spec.author, vote: spec.vote ?? null });
    return created.id;
  };
  api.export('post', post);

  const voidHack = (id: string, reason: string) => {
    const h = api.get('proposal/' + id);
    if (!h || h.attrs.status !== 'voting') return;
    api.update(h.key, { status: 'void', voidBecause: reason, voidedAt: api.now() });
    for (const b of api.all('ballot', (b) => b.attrs.proposal === id)) api.destroy(b.key);
    for (const child of api.all('proposal', (p) => p.attrs.parent === id)) voidHack(child.id, `what it amends is void (${reason})`);
    api.emit('hack-voided', { hack: id, reason });
  };
  api.export('voidHack', voidHack);

  const meaning = (word: unknown) =>
    typeof api.imported('105', 'meaning') === 'function' ? api.call<string | null>('105', 'meaning', String(word)) : null;

  const itemsOf = (args: Readonly<JsonObject>): JsonObject[] =>
    Array.isArray(args.proposals) ? (args.proposals as JsonObject[]) : [args as JsonObject];

  api.action('propose', {
    describe: 'Post your proposals for this turn, all in one post: one (`title`, `text`, `changes`) or several as `proposals: [{title, text, changes, complex, vote, condition}]`. Without `changes` the text is parsed. Each gets the next number (Rule 108; `complex: true` asks for 291+ai, Rule 369) and is voted on at once. `vote` states your own vote if it is not in favour (Rule 402); `condition` ({item: N} or {proposal: number}, `outcome`: accepted or rejected) makes it contingent (Rule 359).',
    args: { title: 'string?', text: 'string?', changes: 'json?', proposals: 'json?', complex: 'boolean?', vote: 'string?', condition: 'json?' },
    legal(ctx) {
      if (!inGame(ctx.agent)) return 'only players may make proposals (join first: Rule 117)';
      const items = itemsOf(ctx.args);
      if (items.length === 0) return 'a post needs at least one proposal';
      for (const item of items) {
        if (!item || typeof item !== 'object') return 'each proposal is {title, text, changes}';
        if (item.text == null && item.changes == null) return 'a proposal needs its text (or its changes)';
        if (item.vote != null && meaning(item.vote) === null) return `"${item.vote}" is not a vote`;
      }
    },
    perform(ctx) {
      const items = itemsOf(ctx.args);
      const ids: string[] = [];
      for (const item of items) {
        const text = String(item.text ?? '');
        let changes = item.changes as Json[] | null | undefined;
        let notes: string[] = [];
        const parsed = changes === undefined || changes === null;
        if (parsed) {
          const result = api.lib.parseProposal(text);
          changes = result.changes as unknown as Json[];
          notes = result.notes;
        }
        if (!Array.isArray(changes)) api.refuse('changes must be a list of rule-changes');
        const title = String(item.title ?? '').trim();
        const invalid = validate(changes, { stage: 'post', kind: 'proposal', author: ctx.agent, title, text, turnNumber: (game().turnNumber ?? null) as Json });
        if (invalid) api.refuse(items.length > 1 ? `proposal ${ids.length + 1} of the post: ${invalid}` : invalid);
        ids.push(post({
          author: ctx.agent, kind: 'proposal', title, text, changes, notes, parsed, complex: item.complex === true,
          vote: item.vote == null ? null : meaning(item.vote),
        }));
      }
      // Conditions (Rule 359) name another proposal of this post by position, or an earlier one.
      items.forEach((item, i) => {
        const c = item.condition as JsonObject | null | undefined;
        if (!c || typeof c !== 'object') return;
        const target = c.item != null ? ids[Number(c.item) - 1] : find(c.proposal)?.id;
        if (!target) api.refuse(`the condition of proposal ${i + 1} names no proposal`);
        if (target === ids[i]) api.refuse('a proposal cannot be contingent on itself');
        api.set('proposal/' + ids[i], 'condition', { proposal: target!, outcome: String(c.outcome ?? 'accepted') });
      });
      api.emit('proposals-posted', { author: ctx.agent, hacks: ids });
      return 'proposal/' + ids[0];
    },
  });

  api.action('adopt', {
    describe: 'Decides whether a proposal or meta-amendment whose votes are counted received the required votes. Performed by the rules, never by a person.',
    args: { proposal: 'string' },
    legal(ctx) {
      if (ctx.invokedBy !== 'rule') return 'Rule 104: rule-changes are adopted by their vote, not on request';
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (h.attrs.counted !== true) return 'its votes have not been counted';
      const defined = api.rules().some((r) => r.number !== api.self.number && api.imported(r.number, 'requiredVotes') !== undefined);
      if (!defined) {
        const eligible = (h.attrs.eligibleVoters as string[]) ?? [];
        const votes = (h.attrs.votes as Record<string, string>) ?? {};
        if (!(eligible.length > 0 && eligible.every((v) => votes[v] === 'for'))) return 'Rule 104: no rule sets the required number of votes, so every eligible voter must vote in favour';
      }
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      api.update(h.key, { passed: true });
      return h.key;
    },
  });

  api.on('player-left', (e) => {
    for (const h of api.all('proposal', (p) => p.attrs.author === e.payload.player && p.attrs.status === 'voting' && p.attrs.counted !== true)) {
      voidHack(h.id, 'its proponent left the game before its votes were posted');
    }
  });
}
