// Rule 4E49: Ministry Rewards. At the end of each nweek, each Minister who has held the same
// Ministry since the Clock was first turned On that nweek earns 25 macks (5 for a mini-Ministry).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const [full, mini] = api.param('rewards', { pattern: /earns (\d+) macks \(or (\d+) macks if the Ministry is a\s+mini-Ministry\)/, parse: (m) => [Number(m[1]), Number(m[2])] });
  api.on('nweek-ends', () => {
    const firstOn = api.get('clock/clock')?.attrs.firstOn;
    if (typeof firstOn !== 'number') return;
    for (const m of api.all('ministry', (m) => Boolean(m.attrs.holder))) {
      const p = api.get('player/' + m.attrs.holder);
      if (!p || typeof m.attrs.since !== 'number' || m.attrs.since > firstOn) continue;
      api.set(p.key, 'mackerel', Number(p.attrs.mackerel ?? 0) + (m.attrs.mini === true ? mini : full));
    }
  });
}
