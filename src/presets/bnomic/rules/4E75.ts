// Rule 4E75: Rule Powers and Precedence. Every rule has a Power, a rational number from 0 to 1
// (default 1/2; `rule/N.power`). When rules conflict, the higher Power takes precedence unless that
// rule says otherwise; between equal Powers, a rule that says it takes precedence over the other (or
// that the other takes precedence over it) is ordered so; otherwise the lower number. This rule's
// comparator orders every rule's code, so it decides which rule's checks and actions govern.
import type { RuleApi, RuleView } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const dflt = api.param('default power', { pattern: /Default Value of\s+(\d+)\/(\d+)/, parse: (m) => Number(m[1]) / Number(m[2]) });
  const [lo, hi] = api.param('range', { pattern: /rational numbers from (\d+) to (\d+) inclusive/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const power = (r: RuleView) => (typeof r.attrs.power === 'number' ? (r.attrs.power as number) : dflt);

  // -1: the rule says it takes precedence over others; +1: it says another takes precedence over it.
  const claims = new Map<string, number>();
  const claim = (r: RuleView) => {
    let c = claims.get(r.id);
    if (c === undefined) {
      c = /this rule takes precedence over/i.test(r.text) ? -1
        : /takes precedence over (?:it|this rule)\b|\b(?:that|the other) rule takes precedence|the latter takes precedence/i.test(r.text) ? 1 : 0;
      claims.set(r.id, c);
    }
    return c;
  };

  api.precedence((a, b) => {
    const pa = power(a);
    const pb = power(b);
    if (pa !== pb) {
      const first = pa > pb ? -1 : 1;
      const higher = pa > pb ? a : b;
      return claim(higher) === 1 ? -first : first; // "unless the one with a higher Power states otherwise"
    }
    const ca = claim(a);
    const cb = claim(b);
    if (ca !== cb) return ca - cb;
    if (Boolean(a.number) !== Boolean(b.number)) return a.number ? -1 : 1; // a numbered rule has the lower number
    return 0; // the lower number: the kernel's order
  });

  const give = () => {
    for (const r of api.all('rule', (r) => typeof r.attrs.power !== 'number')) {
      const p = typeof r.attrs.power === 'string' && /^\d+\/\d+$/.test(r.attrs.power) ? Number(r.attrs.power.split('/')[0]) / Number(r.attrs.power.split('/')[1]) : dflt;
      api.set(r.key, 'power', p);
    }
  };
  api.on('setup', give);
  api.on('rule-changed', (e) => {
    if (e.payload.kind === 'enact' || e.payload.attribute === 'power') give();
  });

  /** A change set that would give a rule a Power outside the Range, or null. */
  api.export('invalid', (changes: any[]) => {
    for (const c of changes ?? []) {
      const power = c?.set?.attribute === 'power' ? c.set.value : c?.enact?.power;
      if (power === undefined) continue;
      if (typeof power !== 'number' || power < lo || power > hi) return `Rule 4E75: a rule's Power is a rational number from ${lo} to ${hi}; ${JSON.stringify(power)} is not`;
    }
    return null;
  });
  api.export('power', (ref: string) => {
    const r = api.rule(ref);
    return r ? power(r) : null;
  });
}
