// Rule 359: contingency trees. A proposal may be designated to take effect only if a given other
// proposal is accepted (adopted) or rejected (not adopted, or void): `condition` {item: N} (the N-th
// proposal of the same post) or {proposal: number}, with `outcome` accepted|rejected. It is decided
// only once that other proposal is (conditions that wait on each other in a circle are not
// achieved); if its condition is not achieved it does not take effect and scores no points
// (Rule 304). A player may make more proposals than Rule 304 (with Rule 390) allows, provided no
// combination of votes could make more than that many take effect (`maxPassing`).
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.check('propose', (ctx) => {
    const items = Array.isArray(ctx.args.proposals) ? (ctx.args.proposals as JsonObject[]) : [ctx.args as JsonObject];
    for (const [i, item] of items.entries()) {
      const c = item?.condition as JsonObject | null | undefined;
      if (c == null) continue;
      if (typeof c !== 'object') return 'Rule 359: a condition is {item: N} or {proposal: number}, with outcome accepted or rejected';
      if (!['accepted', 'rejected'].includes(String(c.outcome ?? 'accepted'))) return 'Rule 359: the condition is that the other proposal is accepted or rejected';
      if (c.item != null && !(Number(c.item) >= 1 && Number(c.item) <= items.length && Number(c.item) !== i + 1)) return `Rule 359: proposal ${i + 1}'s condition names no other proposal of this post`;
      if (c.item == null && c.proposal == null) return 'Rule 359: a condition names another proposal';
    }
    return undefined;
  });

  const settled = (status: unknown) => status === 'adopted' || status === 'rejected' || status === 'void' || status === 'withdrawn';

  api.export('conditionState', (rootId: string): 'met' | 'unmet' | 'waiting' => {
    const root = api.get('proposal/' + rootId);
    const c = root?.attrs.condition as JsonObject | null | undefined;
    if (!root || !c) return 'met';
    const target = api.get('proposal/' + c.proposal);
    if (!target) return 'unmet';
    if (settled(target.attrs.status)) return (target.attrs.status === 'adopted') === (c.outcome === 'accepted') ? 'met' : 'unmet';
    // Waiting on a proposal that waits (directly or not) on this one: a circle is never achieved.
    const seen = new Set([rootId]);
    let at: string | undefined = target.id;
    while (at !== undefined) {
      if (seen.has(at)) return 'unmet';
      seen.add(at);
      const h: ObjectView | undefined = api.get("proposal/" + at);
      const next = h?.attrs.condition as JsonObject | null | undefined;
      at = h && !settled(h.attrs.status) && next ? String(next.proposal) : undefined;
    }
    return 'waiting';
  });

  /** The most proposals of one post that some combination of votes could make take effect. */
  api.export('maxPassing', (items: JsonObject[]) => {
    const n = Math.min(items.length, 12);
    const external = new Map<string, number>();
    const conds = items.slice(0, n).map((item) => {
      const c = item?.condition as JsonObject | null | undefined;
      if (!c) return null;
      if (c.item != null) return { item: Number(c.item) - 1, accepted: String(c.outcome ?? 'accepted') === 'accepted' };
      const key = String(c.proposal);
      if (!external.has(key)) external.set(key, n + external.size);
      return { item: external.get(key)!, accepted: String(c.outcome ?? 'accepted') === 'accepted' };
    });
    const vars = n + external.size;
    let best = 0;
    for (let mask = 0; mask < 1 << vars; mask++) {
      const memo = new Map<number, boolean>();
      const takesEffect = (i: number, depth: number): boolean => {
        if (i >= n) return (mask & (1 << i)) !== 0;
        if (memo.has(i)) return memo.get(i)!;
        if (depth > n) return false;
        const c = conds[i];
        const result = (mask & (1 << i)) !== 0 && (!c || takesEffect(c.item, depth + 1) === c.accepted);
        memo.set(i, result);
        return result;
      };
      let count = 0;
      for (let i = 0; i < n; i++) if (takesEffect(i, 0)) count++;
      best = Math.max(best, count);
    }
    return best + Math.max(0, items.length - n);
  });
}
