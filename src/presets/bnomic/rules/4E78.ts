// Rule 4E78: Assault and Battery. Assault (a Misdemeanor) is attempting to reduce another Player's
// Hit Points; Battery (a Felony) is reducing them. Every reduction a Player causes (4E74's damage)
// is recorded as an Offense of Battery, so a Quorum can cite it.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const kinds = api.param('classes', { pattern: /Assault is a (\w+) committed[\s\S]*Battery is a (\w+) committed/, parse: (m) => [m[1]!, m[2]!] });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    declare('crime/assault', { name: 'Assault', kind: kinds[0]!, rule: '4E78' });
    declare('crime/battery', { name: 'Battery', kind: kinds[1]!, rule: '4E78' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('damage', (e) => {
    const by = e.payload.by as string | null;
    if (!by || by === e.payload.target || !api.get('player/' + by) || !(Number(e.payload.amount) > 0)) return;
    api.create('offense', { crime: 'battery', offender: by, nweek: Number(api.get('clock/clock')?.attrs.nweek ?? 0), at: api.now(), detail: `reduced the Hit Points of ${e.payload.target} by ${e.payload.amount}` }, { owner: null });
  });
}
