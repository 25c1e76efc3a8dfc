// Rule 372: when a turn is complete, for each player the shortest (in characters of its text) of the
// proposals they made in that turn (Rule 418: meta-amendments too), leaving out those that only
// repeal or transmute rules, is examined: V is the largest count of any one vowel (a, e, i, o, u, y)
// in it, P the points it received (the real part). If P/2 < V < P the player receives P - V points;
// if V < P/2, 2(P - V).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const isProposal = (id: string) =>
    typeof api.imported('418', 'isProposal') === 'function' ? api.call<boolean>('418', 'isProposal', api.self.number, id) : true;
  const onlyRepealOrTransmute = (changes: any[]) => changes.length > 0 && changes.every((c) => c && (c.repeal || c.transmute));

  api.on('turn-completed', (e) => {
    const hacks = api.all('proposal', (p) => p.attrs.turnNumber === e.payload.turnNumber && p.attrs.status !== 'void' && isProposal(p.id) && !onlyRepealOrTransmute((p.attrs.changes as any[]) ?? []));
    const authors = [...new Set(hacks.map((h) => String(h.attrs.author)))];
    for (const author of authors) {
      const shortest = hacks.filter((h) => h.attrs.author === author)
        .sort((a, b) => String(a.attrs.text).length - String(b.attrs.text).length || Number(a.attrs.created) - Number(b.attrs.created))[0]!;
      const text = String(shortest.attrs.text).toLowerCase();
      const V = Math.max(...['a', 'e', 'i', 'o', 'u', 'y'].map((v) => text.split(v).length - 1));
      const P = Number(shortest.attrs.score ?? 0);
      const bonus = P / 2 < V && V < P ? P - V : V < P / 2 ? 2 * (P - V) : 0;
      api.update(shortest.key, { vowels: V, vowelBonus: bonus });
      const p = api.get('player/' + author);
      if (!bonus || !p || p.attrs.left === true) continue;
      api.set(p.key, 'points', Number(p.attrs.points ?? 0) + bonus);
      api.log(`${author} receives ${bonus} points: the shortest proposal of the turn, ${shortest.attrs.number}, has V = ${V} and P = ${P} (Rule 372)`);
    }
  });
}
