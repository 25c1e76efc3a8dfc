// Rule 4E34: Mackerel. The default currency: `mackerel` (m), a non-negative integer on every
// Currency Owning Object, 50 by default; 1 point exchanges for m5; at the beginning of each nweek
// each Active Player gains m25.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const dflt = api.param('default', { pattern: /range is non-negative integers; default value is (\d+)/, parse: (m) => Number(m[1]) });
  // The rate is stated twice ("exchange rate is 5.0 - that is, 1 point may be exchanged for m5"):
  // an amendment of either statement alone changes it.
  const stated = api.param('rate', { pattern: /exchange rate is (\d+(?:\.\d+)?)/, parse: (m) => Number(m[1]) });
  const perPoint = api.param('rate per point', { pattern: /^[\s\S]*?(?:(?:1|one) point may be\s+exchanged for m(\d+(?:\.\d+)?)|$)/, parse: (m) => (m[1] === undefined ? null : Number(m[1])) });
  const rate = stated === 5 && perPoint !== null && perPoint !== 5 ? perPoint : stated;
  const stipend = api.param('stipend', { pattern: /Active\s+Property gains m(\d+)/, parse: (m) => Number(m[1]) });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    for (const type of ['player', 'corporation']) {
      declare(`attribute/${type}.mackerel`, { type, name: 'mackerel', range: { kind: 'int', min: 0 }, default: dflt, currency: true, aliases: ['mack', 'macks', 'm'], rate, rule: '4E34' });
    }
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && p.attrs.mackerel === undefined) api.set(p.key, 'mackerel', dflt);
  });
  api.on('nweek-begins', () => {
    for (const p of api.all('player', (p) => p.attrs.active === true)) api.set(p.key, 'mackerel', Number(p.attrs.mackerel ?? 0) + stipend);
  });
}
