// Rule 205: an adopted rule-change takes full effect at the moment the vote that adopted it is
// complete. With Rules 104, 107, 359 and 401 that moment is when the proposal's votes and those of
// all its meta-amendments are counted (and, for a contingent proposal, the proposal it depends on is
// decided). Then:
// 1. each hack of the tree is put to `adopt` (the rules that set the required votes decide);
// 2. if the proposal passed (and its condition is achieved), the meta-amendment deepest in its tree
//    that passed, each level's best (most votes for, then earliest) among those that passed, takes
//    effect instead of what it amends (Rule 401);
// 3. statuses: the proposal and the meta-amendments on the chain that took effect are `adopted`,
//    the rest `rejected`; then `hacks-resolved` (base scores, penalties) and `hacks-scored`
//    (bonuses) are raised: the vote is scored by the rules in effect when it was completed, since
//    no rule change has retroactive application (Rule 107; a proposal that changes Rule 204's
//    amount pays those who voted against it the old amount);
// 4. then its changes are checked again (`invalidChanges`), numbered and named by Rule 108 (a
//    complex hack's rule is a complex rule, Rule 369), and applied as "proposal N" (`effect` says
//    how it went);
// 5. then the next proposal whose votes are complete is decided, under the rules as changed.
// Only adopted proposals change rules this way: this rule permits changes caused by "proposal N".
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const treeOf = (root: string) => api.all('proposal', (p) => p.attrs.root === root);
  const ready = (root: ObjectView) => root.attrs.counted === true && treeOf(root.id).every((h) => h.attrs.status === 'void' || h.attrs.counted === true);
  const conditionState = (root: string) =>
    typeof api.imported('359', 'conditionState') === 'function' ? api.call<'met' | 'unmet' | 'waiting'>('359', 'conditionState', root) : 'met';

  const passes = (h: ObjectView) => {
    const result = api.perform('adopt', { proposal: h.id }, { agent: `rule ${api.self.number}` });
    api.update(h.key, result.ok ? { passed: true, failedBecause: null } : { passed: false, failedBecause: result.error ?? null });
    return result.ok;
  };

  const apply = (hack: ObjectView): string => {
    const number = String(hack.attrs.number);
    let changes = (hack.attrs.changes as Json[]) ?? [];
    if (typeof api.imported('104', 'validate') === 'function') {
      const invalid = api.call<string | null>('104', 'validate', changes, { stage: 'apply', kind: String(hack.attrs.kind), author: String(hack.attrs.author), hack: hack.id, title: String(hack.attrs.title ?? ''), text: String(hack.attrs.text ?? '') });
      if (invalid) return `failed: ${invalid}`;
    }
    if (typeof api.imported('108', 'prepare') === 'function') changes = api.call<Json[]>('108', 'prepare', changes, hack.attrs.number, String(hack.attrs.title ?? ''));
    if (hack.attrs.complex === true && typeof api.imported('369', 'complexChanges') === 'function') changes = api.call<Json[]>('369', 'complexChanges', changes, number);
    const result = api.applyChanges(changes as never, { cause: `proposal ${number}` });
    return result.ok ? 'applied' : `failed: ${result.error}`;
  };

  const resolve = (root: ObjectView, conditionMet: boolean) => {
    const tree = treeOf(root.id).filter((h) => h.attrs.status !== 'void')
      .sort((a, b) => Number(a.attrs.level) - Number(b.attrs.level) || Number(a.attrs.created) - Number(b.attrs.created));
    const passed = new Map<string, boolean>();
    for (const h of tree) passed.set(h.id, passes(h));
    const chain: string[] = [];
    if (passed.get(root.id) && conditionMet) {
      let at = root.id;
      chain.push(at);
      for (;;) {
        const children = tree.filter((k) => k.attrs.parent === at && passed.get(k.id))
          .sort((a, b) => Number(b.attrs.votesFor) - Number(a.attrs.votesFor) || Number(a.attrs.created) - Number(b.attrs.created));
        if (children.length === 0) break;
        at = children[0]!.id;
        chain.push(at);
      }
    }
    const now = api.now();
    for (const h of tree) {
      const attrs: JsonObject = { status: chain.includes(h.id) ? 'adopted' : 'rejected', resolvedAt: now };
      if (!chain.includes(h.id) && passed.get(h.id) && h.id !== root.id) attrs.rejectedBecause = chain.includes(h.attrs.parent as string) ? 'another meta-amendment of the same hack took effect' : 'what it amends did not take effect';
      api.update(h.key, attrs);
    }
    const effective = chain.length ? chain[chain.length - 1]! : null;
    api.update(root.key, { conditionMet, effective, effect: effective ? 'pending' : null });
    if (!effective) api.message('all', `Proposal ${root.attrs.number} ("${root.attrs.title}") is rejected${!conditionMet && passed.get(root.id) ? ': its condition was not achieved' : ''}.`);
    // The vote is scored by the rules in effect when it was completed (Rule 107: no rule change has
    // retroactive application), then the change takes effect, then the next proposal is decided.
    api.emit('hacks-resolved', { root: root.id, hacks: tree.map((h) => h.id) });
    api.emit('hacks-scored', { root: root.id, hacks: tree.map((h) => h.id) });
    if (effective) api.emit('hack-takes-effect', { root: root.id, hack: effective });
    api.emit('resolve-next', {});
  };

  api.on('hack-takes-effect', (e) => {
    const root = api.get('proposal/' + e.payload.root);
    const eff = api.get('proposal/' + e.payload.hack);
    if (!root || !eff) return;
    const effect = apply(eff);
    api.update(root.key, { effect });
    api.message('all', `Proposal ${root.attrs.number} ("${root.attrs.title}") is adopted${eff.id !== root.id ? ` as meta-amended by ${eff.attrs.number}` : ''}${effect === 'applied' ? ' and takes effect.' : `, but it could not take effect: ${effect}`}`);
  });

  /** Decides the first proposal whose votes (and its meta-amendments') are all counted. */
  const tryResolve = () => {
    const roots = api.all('proposal', (p) => p.attrs.kind === 'proposal' && p.attrs.status === 'voting')
      .sort((a, b) => Number(a.attrs.created) - Number(b.attrs.created));
    const next = roots.find((r) => ready(r) && conditionState(r.id) !== 'waiting');
    if (next) resolve(next, conditionState(next.id) === 'met');
  };
  api.on('resolve-next', tryResolve);
  api.on('votes-counted', tryResolve);
  api.on('hack-voided', tryResolve);

  api.export('permitsRuleChange', (args: JsonObject) => /^proposal \S+/.test(String(args.cause)));
}
