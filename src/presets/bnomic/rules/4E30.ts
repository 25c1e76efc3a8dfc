// Rule 4E30: Official Quantities. The phrases this rule lists mean their numbers, for every rule's
// code (`quantity("A Jiffy")` -> 4, in rdays); An Insane Number is the number of Players, A
// Quiggle (and A Quorum) half the number of Vested Players.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const table = api.param('quantities', {
    pattern: /((?:\s*\* An? [^=\n]+= [^\n]+\n?)+)/,
    parse: (m) => [...m[1]!.matchAll(/\* (An? [^=\n]+?)\s*= ([^\n]+)/g)].map((x) => [x[1]!.trim(), x[2]!.trim()] as [string, string]),
  });
  const norm = (s: string) => s.toLowerCase().replace(/^an?\s+/, '').replace(/\s+/g, ' ').trim();
  const value = (name: string, seen: string[] = []): number | null => {
    const row = table.find(([k]) => norm(k) === norm(name));
    if (!row || seen.includes(row[0])) return null;
    const text = row[1];
    if (/number of players in the game/i.test(text)) return api.all('player').length;
    if (/half the number of vested players/i.test(text)) return api.all('player', (p) => p.attrs.vested === true).length / 2;
    const see = text.match(/^See (.+)$/i);
    if (see) return value(see[1]!, [...seen, row[0]]);
    const n = text.match(/^([\d ]+)/);
    return n ? Number(n[1]!.replace(/ /g, '')) : null;
  };
  api.export('quantity', (name: string) => value(name));
}
