// Rule 201: the Proposal Queue. Active players create proposals (one queued each; a new one
// replaces the old), authors may remove theirs, and proposals cannot be edited (no action edits them).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const player = (name: string) => api.get('player/' + name);
  const proposal = (ref: unknown) =>
    api.get('proposal/' + String(ref)) ?? api.all('proposal', (p) => ref !== null && String(p.attrs.number) === String(ref).replace(/^#/, ''))[0];

  // Proposals in plain words: the engine's parser, and, when it finds no rule-change in the text,
  // the same text with a few common phrasings put in its words ("Rule 216 is repealed", "Amend
  // Rule 203 to replace ...", unquoted numbers: "by changing 100 to 50").
  const N = String.raw`(\d+(?:-\d+)?)`;
  const UNIT = String.raw`(?:\s+(?:hours?|days?|minutes?|weeks?|points?|votes?))?`;
  const normalize = (text: string) => text
    .replace(new RegExp(String.raw`\bRule\s+${N}\s+(?:is|shall\s+be)\s+(?:hereby\s+)?amended\s+(by|to)\b`, 'gi'), 'Amend Rule $1 $2')
    .replace(new RegExp(String.raw`\bRule\s+${N}\s+(?:is|shall\s+be)\s+(?:hereby\s+)?repealed\b`, 'gi'), 'Repeal Rule $1')
    .replace(new RegExp(String.raw`\bRule\s+${N}\s+(?:is|shall\s+be)\s+(?:hereby\s+)?transmuted\b`, 'gi'), 'Transmute Rule $1')
    .replace(new RegExp(String.raw`\b(Amend\s+Rule\s+${N})\s*[:,;]?\s*(?:to\s+)?replace\b`, 'gi'), '$1 by replacing')
    .replace(new RegExp(String.raw`\b(Amend\s+Rule\s+${N})\s*[:,;]\s*(?:to\s+)?change\b`, 'gi'), '$1 by changing')
    .replace(new RegExp(String.raw`\b(Amend\s+Rule\s+${N})\s+to\s+change\b`, 'gi'), '$1 by changing')
    .replace(new RegExp(String.raw`\b(replacing|replace|changing|change)\s+(-?\d+(?:\.\d+)?${UNIT})\s+(with|to)\s+(-?\d+(?:\.\d+)?${UNIT})(?=[\s.,;]|$)`, 'gi'), '$1 "$2" $3 "$4"');
  const unread = (p: { changes: any[]; notes: string[] }) =>
    p.changes.some((c) => c && c.manual) || p.notes.some((n) => /no rule-change clause found/.test(n));
  // 'Enact a new rule, "Bonus": "text"' is read by the parser as one text with the title in it.
  const titled = (p: { changes: any[]; notes: string[] }) => ({
    ...p,
    changes: p.changes.map((c) => {
      const m = c && c.enact && typeof c.enact.text === 'string' && c.enact.title === undefined
        ? c.enact.text.match(/^\s*["“]([^"”\n]{1,80})["”]\s*[:,]\s*["“]([\s\S]*)["”]\s*\.?\s*$/) : null;
      return m ? { ...c, enact: { ...c.enact, title: m[1], text: m[2] } } : c;
    }),
  });
  const parse = (text: string): { changes: any[]; notes: string[] } => titled(parseText(text));
  const parseText = (text: string): { changes: any[]; notes: string[] } => {
    const direct = api.lib.parseProposal(text) as { changes: any[]; notes: string[] };
    if (!unread(direct)) return direct;
    const normalized = normalize(text);
    if (normalized === text) return direct;
    const again = api.lib.parseProposal(normalized) as { changes: any[]; notes: string[] };
    return unread(again) ? direct : { changes: again.changes, notes: [...again.notes, 'read after putting common phrasings in the parser\'s words'] };
  };
  api.export('parse', parse);

  api.action('propose', {
    describe: 'Create a proposal on the Proposal Queue. Without `changes`, its text is parsed into rule-changes.',
    args: { title: 'string?', text: 'string', changes: 'json?' },
    legal(ctx) {
      const p = player(ctx.agent);
      if (!p) return 'only players may create proposals (join first: Rule 216)';
      if (p.attrs.active !== true) return 'Rule 201: only active players may create a proposal';
    },
    perform(ctx) {
      const text = String(ctx.args.text);
      let changes = ctx.args.changes;
      let notes: string[] = [];
      if (changes === undefined || changes === null) {
        const parsed = parse(text);
        changes = parsed.changes as never;
        notes = parsed.notes;
      }
      // One rule-change given by itself rather than in a list is read as a list of one.
      if (changes && typeof changes === 'object' && !Array.isArray(changes)) changes = [changes] as never;
      if (!Array.isArray(changes)) api.refuse('changes must be a list of rule-changes');
      for (const old of api.all('proposal', (p) => p.attrs.status === 'pending' && p.attrs.author === ctx.agent)) {
        api.update(old.key, { status: 'void', removed: 'replaced by a newer proposal of its author (Rule 201)' });
      }
      const created = api.create('proposal', {
        title: String(ctx.args.title ?? ''), text, changes, notes, author: ctx.agent, status: 'pending', number: null,
        createdAt: ctx.now, created: api.nextNumber('proposal-created'), endorsers: [], votes: {}, voters: [], votesFor: 0, votesAgainst: 0,
      }, { owner: null });
      api.emit('proposal-created', { proposal: created.id });
      return created.key;
    },
  });

  api.action('withdraw', {
    describe: 'Remove your own proposal from the Proposal Queue.',
    args: { proposal: 'json' },
    legal(ctx) {
      const p = proposal(ctx.args.proposal);
      if (!p) return `there is no proposal ${ctx.args.proposal}`;
      if (p.attrs.author !== ctx.agent) return 'Rule 201: players may remove only their own proposals';
      if (p.attrs.status !== 'pending') return `Rule 201: only a proposal on the Proposal Queue can be removed; this one is ${p.attrs.status}`;
    },
    perform(ctx) {
      const p = proposal(ctx.args.proposal)!;
      api.update(p.key, { status: 'withdrawn', removed: 'removed by its author (Rule 201)' });
      return p.key;
    },
  });

  api.export('find', (ref: unknown) => proposal(ref)?.id ?? null);
}
