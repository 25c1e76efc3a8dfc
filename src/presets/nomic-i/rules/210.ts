// Rule 210: among rules of the same mutability the lowest number takes precedence, unless a rule
// says of itself that it takes precedence over (or supersedes) another rule or type of rule: then
// it comes before those rules. When two rules claim precedence over each other, the numerical method
// governs again.
import type { RuleApi, RuleView } from '../../../kernel/rule-api.js';

type Claim = { numbers: string[]; mutable: boolean; winner: boolean; all: boolean };

export default function (api: RuleApi) {
  /** What a rule says of itself that it takes precedence over. */
  const claimOf = (r: RuleView): Claim | null => {
    let claim: Claim | null = null;
    for (const m of r.text.matchAll(/(?:takes? precedence over|taking precedence over|supersed(?:es|ing))\s+([^.]*)/gi)) {
      const target = m[1]!;
      claim ??= { numbers: [], mutable: false, winner: false, all: false };
      for (const n of target.matchAll(/Rule\s+(\d+)/g)) claim.numbers.push(n[1]!);
      if (/all mutable rules/i.test(target)) claim.mutable = true;
      if (/every other rule determining the winner/i.test(target)) claim.winner = true;
      else if (/(every|all) other rules?\b/i.test(target) && !/purchases/i.test(target)) claim.all = true;
    }
    return claim;
  };

  // One order for all rules: by number, then each claimant moved just before what it claims over.
  let ranks: Map<string, number> | undefined;
  const rank = (id: string) => {
    if (!ranks) {
      const rules = api.rules();
      const claims = new Map(rules.map((r) => [r.id, claimOf(r)]));
      const winnerRules = new Set(rules.filter((r) => /\bwinners?\b/i.test(r.text)).map((r) => r.id));
      const over = (a: RuleView, b: RuleView) => {
        const c = claims.get(a.id);
        if (!c) return false;
        return c.all || c.numbers.includes(b.number) || (c.mutable && b.attrs.mutable === true) || (c.winner && winnerRules.has(b.id));
      };
      const order = [...rules];
      for (const a of rules.filter((r) => claims.get(r.id))) {
        const targets = order.filter((b) => b.id !== a.id && (a.attrs.mutable === true) === (b.attrs.mutable === true) && over(a, b) && !over(b, a));
        if (!targets.length) continue;
        const first = Math.min(...targets.map((t) => order.indexOf(t)));
        const at = order.indexOf(a);
        if (at > first) {
          order.splice(at, 1);
          order.splice(first, 0, a);
        }
      }
      ranks = new Map(order.map((r, i) => [r.id, i]));
    }
    return ranks.get(id) ?? Number.MAX_SAFE_INTEGER;
  };

  api.precedence((a, b) => {
    if ((a.attrs.mutable === true) !== (b.attrs.mutable === true)) return 0; // Rule 110 decides
    return rank(a.id) - rank(b.id);
  });
}
