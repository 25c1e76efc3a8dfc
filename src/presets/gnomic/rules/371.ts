// Rule 371: a player may not make two proposals in one turn that are "the same" (here: the same
// changes, so that both adopted would be redundant), nor two that are direct amendments of the same
// rule. Checked against the player's other hacks of the turn that are not void (Rule 418: in a rule
// numbered below 414 "proposal" means every proposed rule change, meta-amendments too). Whether two
// differently worded proposals are redundant is for the Judge.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const amended = (changes: Json[]) => new Set((changes as any[]).filter((c) => c && c.amend).map((c) => String(api.rule(String(c.amend.rule))?.id ?? c.amend.rule)));
  const canon = (changes: Json[]) => JSON.stringify(changes);

  api.export('invalidChanges', (changes: Json[], info: JsonObject) => {
    if (info.stage !== 'post') return null;
    const turn = (api.get('game/game')!.attrs.turnNumber ?? null) as Json;
    const isProposal = (id: string) =>
      typeof api.imported('418', 'isProposal') === 'function' ? api.call<boolean>('418', 'isProposal', api.self.number, id) : true;
    const mine = api.all('proposal', (p) => p.attrs.author === info.author && p.attrs.turnNumber === turn && p.attrs.status !== 'void' && p.id !== info.hack && isProposal(p.id));
    const rules = amended(changes);
    for (const other of mine) {
      const theirs = (other.attrs.changes as Json[]) ?? [];
      if (changes.length > 0 && canon(theirs) === canon(changes)) return `Rule 371: this is "the same" as your ${other.attrs.kind} ${other.attrs.number}`;
      const both = [...amended(theirs)].filter((r) => rules.has(r));
      if (both.length) return `Rule 371: your ${other.attrs.kind} ${other.attrs.number} already amends rule ${api.rule(both[0]!)?.number ?? both[0]} this turn`;
    }
    return null;
  });
}
