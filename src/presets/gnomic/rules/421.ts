// Rule 421: penalties for failing. When a proposal fails (its vote did not pass), its proponent loses
// (omicron - 291) * alpha/nu points: omicron its number, alpha the votes against it, nu all votes for
// and against (abstentions are not votes). When a meta-amendment fails: no penalty if it had the
// votes to pass (it failed only because what it amends did); otherwise, kappa being its level (1 for
// a meta-amendment of a proposal, 2 for one of a meta-amendment, ...), rho is (omicron - 291) halved
// kappa times, rounding up each time, and the proponent loses rho * alpha/nu points. (The rule's text
// is damaged here; it is read in its spirit, as the proposal's penalty halved per level.) Rounded to
// the nearest integer (Rule 407), a complex number part by part.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const base = api.param('subtrahend', { pattern: /lose \(omicron-(\d+)\)/, parse: (m) => Number(m[1]) });
  const round = (x: number) => (typeof api.imported('407', 'round') === 'function' ? api.call<number>('407', 'round', x) : Math.round(x));
  const ordinal = (n: unknown) => {
    const m = String(n).match(/^(-?\d+)(?:\+(\d+)i)?$/);
    return m ? { re: Number(m[1]), im: Number(m[2] ?? 0) } : { re: Number(n) || 0, im: 0 };
  };
  const halve = (x: number, times: number) => {
    for (let i = 0; i < times; i++) x = Math.ceil(x / 2);
    return x;
  };

  api.on('hacks-resolved', (e) => {
    for (const id of e.payload.hacks as string[]) {
      const h = api.get('proposal/' + id);
      if (!h || h.attrs.status !== 'rejected' || h.attrs.passed !== false) continue;
      const alpha = Number(h.attrs.votesAgainst ?? 0);
      const nu = Number(h.attrs.votesFor ?? 0) + alpha;
      if (nu === 0 || alpha === 0) continue;
      const o = ordinal(h.attrs.number);
      let re: number;
      let im: number;
      if (h.attrs.kind === 'meta-amendment') {
        const kappa = Number(h.attrs.level ?? 1);
        re = round(halve(o.re - base, kappa) * (alpha / nu));
        im = round(halve(o.im, kappa) * (alpha / nu));
      } else {
        re = round((o.re - base) * (alpha / nu));
        im = round(o.im * (alpha / nu));
      }
      api.update(h.key, { penalty: re, penaltyI: im });
      const p = api.get('player/' + h.attrs.author);
      if (!p || p.attrs.left === true || (re === 0 && im === 0)) continue;
      api.update(p.key, { points: Number(p.attrs.points ?? 0) - re, pointsI: Number(p.attrs.pointsI ?? 0) - im });
      api.log(`${p.id} loses ${re}${im ? ` + ${im}i` : ''} points: ${h.attrs.kind} ${h.attrs.number} failed (Rule 421)`);
    }
  });
}
