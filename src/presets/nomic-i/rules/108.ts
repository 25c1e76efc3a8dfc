// Rule 108: each rule-change put to the vote gets the next number. The game continues Nomic I's
// numbering: the first proposal gets the lowest number above every rule in the ruleset as loaded
// (336; a rule removed before the game began keeps its number), never less than the 301 this rule begins with. A rule a proposal enacts, amends or
// transmutes receives the proposal's number (with several, the first gets N and the others N-2, N-3).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const first = api.param('first number', { pattern: /numbers shall begin with (\d+)/, parse: (m) => Number(m[1]) });
  const start = () => Number(api.get('game/game')!.attrs.firstProposalNumber ?? first);

  api.on('setup', () => {
    // Rules removed before the game began (`rule/335: absent`) still hold their numbers.
    const numbers = [...api.rules().map((r) => r.number), ...api.all('repealed-rule').map((r) => r.attrs.number)];
    const highest = Math.max(first - 1, ...numbers.map(Number).filter(Number.isInteger));
    api.set('game/game', 'firstProposalNumber', highest + 1);
  });

  api.export('assign', () => api.nextNumber('proposal-number', start()));
  /** The number the next proposal put to a vote will receive. */
  api.export('peek', () => api.peekNumber('proposal-number', start()) + 1);

  /** A proposal's changes with the numbers Rule 108 gives: enactments and amended rules get N. */
  api.export('numbered', (changes: any[], number: number) => {
    const out: any[] = [];
    const renumbered = new Set<string>();
    let used = 0;
    const next = () => (++used === 1 ? String(number) : `${number}-${used}`);
    const targets: string[] = [];
    for (const c of changes) {
      if (c && c.enact && !c.enact.number) {
        out.push({ enact: { ...c.enact, number: next() } });
        continue;
      }
      out.push(c);
      const target = c?.amend?.rule ?? c?.transmute?.rule;
      if (target !== undefined && !renumbered.has(String(target))) {
        renumbered.add(String(target));
        targets.push(String(target));
      }
    }
    // The amended or transmuted rules receive the proposal's number after the changes are made.
    for (const target of targets) out.push({ renumber: { rule: target, number: next() } });
    return out;
  });
}
