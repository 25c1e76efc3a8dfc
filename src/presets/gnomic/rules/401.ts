// Rule 401: meta-amendments.
// - `meta-amend`: while a proposal (or meta-amendment) is being voted on, any player but its
//   proponent may propose an amendment of it: its own full `text`/`changes`, or `replace` of sections
//   of the amended hack's text (applied to its changes too). It gets its own number, everyone votes
//   on it, and the amended hack does not take effect until all its meta-amendments are counted.
//   If both it and what it amends are adopted, it takes effect instead (Rule 205 applies the deepest
//   adopted one). Meta-amendments of meta-amendments, and several on one hack, are allowed.
// - A player may not vote in favour of more than one meta-amendment of the same hack.
// - The player whose meta-amendment is adopted receives half (rounded up) of the points the
//   proponent of what it amends received (Rule 304's score); nothing is taken from that player.
// - `change-proposal`: a proponent may change his own hack while it is being voted on; it keeps its
//   number, does not count as a meta-amendment, and every vote cast before the change is invalid
//   (the proponent's own stands).
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const find = (ref: unknown) => {
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ref) : String(ref);
    return id ? api.get('proposal/' + id) : undefined;
  };
  const open = (h: ObjectView | undefined) => h !== undefined && h.attrs.status === 'voting' && h.attrs.counted !== true;
  const inGame = (id: string) => {
    const p = api.get('player/' + id);
    return p !== undefined && p.attrs.left !== true;
  };

  /** Replaces each section once in a text; returns an error message instead if a section is missing. */
  const replaceIn = (text: string, replace: { from: string; to: string }[]): string | { error: string } => {
    for (const r of replace) {
      const at = text.indexOf(String(r.from));
      if (at < 0) return { error: `"${r.from}" is not in the text` };
      text = text.slice(0, at) + String(r.to) + text.slice(at + String(r.from).length);
    }
    return text;
  };
  const replaceDeep = (value: Json, replace: { from: string; to: string }[]): Json => {
    if (typeof value === 'string') return replace.reduce((s, r) => s.split(String(r.from)).join(String(r.to)), value);
    if (Array.isArray(value)) return value.map((v) => replaceDeep(v, replace));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, replace)]));
    return value;
  };

  /** The new text and changes of an amendment of hack `h`, from `text`/`changes` or `replace`. */
  const amended = (h: ObjectView, args: Readonly<JsonObject>): { text: string; changes: Json[]; parsed: boolean; notes: string[] } => {
    let text = args.text != null ? String(args.text)
      : args.changes != null && typeof api.imported('104', 'textOf') === 'function' ? api.call<string>('104', 'textOf', args.changes as Json)
      : String(h.attrs.text ?? '');
    let changes = args.changes as Json[] | null | undefined;
    const replace = (args.replace ?? null) as { from: string; to: string }[] | null;
    if (replace) {
      if (!Array.isArray(replace)) api.refuse('replace is a list of {from, to}');
      const next = replaceIn(String(h.attrs.text ?? ''), replace);
      if (typeof next !== 'string') api.refuse(`Rule 401: ${next.error}`);
      text = next as string;
    }
    let parsed = false;
    let notes: string[] = [];
    if (changes == null) {
      if (args.text == null && replace && h.attrs.parsed !== true) changes = replaceDeep(h.attrs.changes as Json, replace) as Json[];
      else {
        const result = api.lib.parseProposal(text);
        changes = result.changes as unknown as Json[];
        notes = result.notes;
        parsed = true;
      }
    }
    if (!Array.isArray(changes)) api.refuse('changes must be a list of rule-changes');
    return { text, changes: changes!, parsed, notes };
  };

  api.action('meta-amend', {
    describe: 'While a proposal or meta-amendment is being voted on, propose an amendment of it (not of your own): `title`, and `text`/`changes` in full or `replace` [{from, to}] sections of its text. `complex` and `vote` as for propose.',
    args: { proposal: 'json', title: 'string', text: 'string?', changes: 'json?', replace: 'json?', complex: 'boolean?', vote: 'string?' },
    legal(ctx) {
      if (!inGame(ctx.agent)) return 'only players may meta-amend';
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (!open(h)) return 'Rule 401: a meta-amendment is proposed while voting on what it amends';
      if (h.attrs.author === ctx.agent) return 'Rule 401: no player may meta-amend his own proposals (change it instead: change-proposal)';
      if (ctx.args.text == null && ctx.args.changes == null && ctx.args.replace == null) return 'a meta-amendment needs its text, its changes, or the sections it replaces';
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      const { text, changes, parsed, notes } = amended(h, ctx.args);
      const title = String(ctx.args.title).trim();
      const meaning = ctx.args.vote == null ? null : api.call<string | null>('105', 'meaning', String(ctx.args.vote));
      if (ctx.args.vote != null && meaning === null) api.refuse(`"${ctx.args.vote}" is not a vote`);
      const invalid = api.call<string | null>('104', 'validate', changes, { stage: 'post', kind: 'meta-amendment', author: ctx.agent, title, text, turnNumber: (h.attrs.turnNumber ?? null) as Json });
      if (invalid) api.refuse(invalid);
      const id = api.call<string>('104', 'post', { author: ctx.agent, kind: 'meta-amendment', parent: h.id, title, text, changes, notes, parsed, complex: ctx.args.complex === true, vote: meaning });
      const m = api.get('proposal/' + id)!;
      api.message('all', `${ctx.agent} meta-amends ${h.attrs.kind} ${h.attrs.number}: meta-amendment ${m.attrs.number} ("${title}").`);
      return m.key;
    },
  });

  api.action('change-proposal', {
    describe: 'Change your own proposal or meta-amendment while it is being voted on (`title`, `text`/`changes`, or `replace` sections): it keeps its number, and every vote cast before the change is invalid.',
    args: { proposal: 'json', title: 'string?', text: 'string?', changes: 'json?', replace: 'json?' },
    legal(ctx) {
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (h.attrs.author !== ctx.agent) return 'Rule 401: a player may change only his own proposals';
      if (!open(h)) return 'Rule 401: only a proposal still being voted on can be changed';
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      const { text, changes, parsed, notes } = amended(h, ctx.args);
      const title = ctx.args.title != null ? String(ctx.args.title) : String(h.attrs.title);
      const invalid = api.call<string | null>('104', 'validate', changes, { stage: 'post', kind: String(h.attrs.kind), author: ctx.agent, hack: h.id, title, text, turnNumber: (h.attrs.turnNumber ?? null) as Json });
      if (invalid) api.refuse(invalid);
      let dropped = 0;
      for (const b of api.all('ballot', (b) => b.attrs.proposal === h.id && b.attrs.voter !== h.attrs.author)) {
        api.destroy(b.key);
        dropped++;
      }
      api.update(h.key, { title, text, changes, parsed, notes, changedAt: ctx.now, revision: Number(h.attrs.revision ?? 0) + 1, ballotsCast: api.all('ballot', (b) => b.attrs.proposal === h.id).length });
      api.message('all', `${ctx.agent} changes ${h.attrs.kind} ${h.attrs.number}; the ${dropped} vote${dropped === 1 ? '' : 's'} cast before the change ${dropped === 1 ? 'is' : 'are'} invalid.`);
      return h.key;
    },
  });

  // A player may not vote in favour of more than one meta-amendment of the same hack.
  api.check('vote', (ctx) => {
    const h = find(ctx.args.proposal);
    if (!h || h.attrs.kind !== 'meta-amendment') return undefined;
    if (api.call<string | null>('105', 'meaning', String(ctx.args.vote)) !== 'for') return undefined;
    const siblings = api.all('proposal', (p) => p.attrs.parent === h.attrs.parent && p.id !== h.id && p.attrs.status !== 'void');
    for (const s of siblings) {
      const ballot = api.get(`ballot/${s.id}-${ctx.agent}`);
      const votes = (s.attrs.votes as Record<string, string> | undefined) ?? {};
      if (ballot?.attrs.vote === 'for' || votes[ctx.agent] === 'for') return `Rule 401: you already voted in favour of meta-amendment ${s.attrs.number} of the same ${api.get('proposal/' + h.attrs.parent)?.attrs.kind ?? 'proposal'}`;
    }
    return undefined;
  });

  // The proponent of an adopted meta-amendment receives half the points of what it amends.
  api.on('hacks-resolved', (e) => {
    const hacks = (e.payload.hacks as string[]).map((id) => api.get('proposal/' + id)!).filter((h) => h && h.attrs.kind === 'meta-amendment' && h.attrs.status === 'adopted')
      .sort((a, b) => Number(a.attrs.level) - Number(b.attrs.level));
    for (const m of hacks) {
      const parent = api.get('proposal/' + m.attrs.parent)!;
      const re = Math.ceil(Number(parent.attrs.score ?? 0) / 2);
      const im = Math.ceil(Number(parent.attrs.scoreI ?? 0) / 2);
      api.update(m.key, { score: re, scoreI: im });
      const p = api.get('player/' + m.attrs.author);
      if (!p || p.attrs.left === true || (re === 0 && im === 0)) continue;
      api.update(p.key, { points: Number(p.attrs.points ?? 0) + re, pointsI: Number(p.attrs.pointsI ?? 0) + im });
      api.log(`${p.id} receives ${re}${im ? ` + ${im}i` : ''} points, half of those of ${parent.attrs.kind} ${parent.attrs.number}, for meta-amendment ${m.attrs.number} (Rule 401)`);
    }
  });
}
