// Rule 4E56: Shall I? Taking an action the rules say a Player "shall not" take, or failing within a
// Jiffy to take one he "shall" take, is a Misdemeanor. A Minister's obligation left undone past its
// Jiffy (4E53) is recorded as an Offense against its Minister.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.param('shall', { pattern: /Failing to take, within a Jiffy, a Game Action which the rules state a\s+Player "shall" take is a Misdemeanor/ });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    declare('crime/shall-not', { name: 'Taking a Game Action one shall not take', kind: 'Misdemeanor', rule: '4E56' });
    declare('crime/shall', { name: 'Failing to take a Game Action one shall take', kind: 'Misdemeanor', rule: '4E56' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('obligation-due', (e) => {
    const o = api.get('obligation/' + e.payload.obligation);
    if (!o || o.attrs.overdue !== true || o.attrs.offenseRecorded === true) return;
    const minister = api.get('ministry/' + o.attrs.ministry)?.attrs.holder;
    if (!minister) return;
    api.set(o.key, 'offenseRecorded', true);
    api.create('offense', { crime: 'shall', offender: String(minister), nweek: Number(api.get('clock/clock')?.attrs.nweek ?? 0), at: api.now(), detail: `did not ${o.attrs.what} within a Jiffy` }, { owner: null });
  });
}
