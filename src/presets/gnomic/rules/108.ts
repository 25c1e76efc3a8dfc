// Rule 108: each rule change proposed in the proper way gets the next ordinal number, from 301,
// whether or not it is adopted (`assign`; numbers that rules of the ruleset already have are passed
// over). When it takes effect (`prepare`), a rule it enacts gets that number and is named by the
// hack's title unless the change names it; a rule it amends or transmutes is renumbered to it (so
// a rule whose amendment was meta-amended gets the meta-amendment's number, since that is what takes
// effect). Each proposed rule change is one number, so a proposal may enact, amend, repeal or
// transmute only one rule (`invalidChanges`).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const first = api.param('first number', { pattern: /numbers shall begin with (\d+)/, parse: (m) => Number(m[1]) });
  // A game begins numbering at 301 (Rule 304: "a number between 0 and 10 for the first player");
  // a number a rule of the ruleset already has is passed over, so no two rules share a number.
  api.export('assign', () => {
    const taken = new Set(api.rules().map((r) => r.number));
    let n = api.nextNumber('ordinal', first);
    while (taken.has(String(n))) n = api.nextNumber('ordinal', first);
    return n;
  });

  const target = (c: any): string | null => {
    if (!c || typeof c !== 'object') return null;
    if (c.enact) return '(new rule)';
    for (const kind of ['amend', 'repeal', 'transmute', 'retitle', 'renumber']) if (c[kind] && c[kind].rule != null) return String(c[kind].rule);
    if (c.set && c.set.rule != null) return String(c.set.rule);
    return null;
  };

  api.export('invalidChanges', (changes: Json[]) => {
    const targets = new Set(changes.map(target).filter((t): t is string => t !== null));
    if (targets.size > 1) return `Rule 108: each proposed rule change gets its own number, so a proposal may change one rule only (this one changes ${[...targets].join(', ')})`;
    return null;
  });

  api.export('prepare', (changes: Json[], number: Json, title: string) => {
    const n = String(number);
    const out: Json[] = [];
    const renumber: string[] = [];
    for (const c of changes as any[]) {
      if (c && c.enact) {
        out.push({ enact: { ...c.enact, number: n, title: c.enact.title || title } } as JsonObject);
        continue;
      }
      const kind = c && (c.amend ? 'amend' : c.transmute ? 'transmute' : null);
      if (kind && !renumber.includes(String(c[kind].rule))) renumber.push(String(c[kind].rule));
      out.push(c);
    }
    for (const rule of renumber) {
      const r = api.rule(rule);
      if (r && r.number !== n) out.push({ renumber: { rule, number: n } });
    }
    return out;
  });
}
