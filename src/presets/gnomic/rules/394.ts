// Rule 394: a proposal whose text contains at least three Greek letters (the names alpha ... omega,
// pi included, as whole words; this reading takes every one as representing a number) receives a
// bonus of floor(sigma * 2^gamma / 100) points, sigma being its score without bonuses and gamma the
// number of distinct Greek letters in it; if gamma > 7, a bonus of 2*sigma. Whether two letters stand
// for the same value (and count once) is for the Judge. (Rule 418: every proposed rule change.)
import type { RuleApi } from '../../../kernel/rule-api.js';

const GREEK = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu', 'nu', 'xi', 'omicron', 'pi', 'rho', 'sigma', 'tau', 'upsilon', 'phi', 'chi', 'psi', 'omega'];

export default function (api: RuleApi) {
  const isProposal = (id: string) =>
    typeof api.imported('418', 'isProposal') === 'function' ? api.call<boolean>('418', 'isProposal', api.self.number, id) : true;
  const letters = (text: string) => (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => GREEK.includes(w));
  api.export('greekLetters', letters);

  api.on('hacks-scored', (e) => {
    for (const id of e.payload.hacks as string[]) {
      const h = api.get('proposal/' + id);
      if (!h || h.attrs.score == null || !isProposal(id)) continue;
      const found = letters(String(h.attrs.text ?? ''));
      if (found.length < 3) continue;
      const gamma = new Set(found).size;
      const bonus = (sigma: number) => (gamma > 7 ? 2 * sigma : Math.floor((sigma * 2 ** gamma) / 100));
      const re = bonus(Number(h.attrs.score ?? 0));
      const im = bonus(Number(h.attrs.scoreI ?? 0));
      api.update(h.key, { greekLetters: gamma, greekBonus: re, greekBonusI: im });
      const p = api.get('player/' + h.attrs.author);
      if (!p || p.attrs.left === true || (re === 0 && im === 0)) continue;
      api.update(p.key, { points: Number(p.attrs.points ?? 0) + re, pointsI: Number(p.attrs.pointsI ?? 0) + im });
      api.log(`${p.id} receives a Greek bonus of ${re}${im ? ` + ${im}i` : ''} points for ${h.attrs.kind} ${h.attrs.number} (gamma = ${gamma}, Rule 394)`);
    }
  });
}
