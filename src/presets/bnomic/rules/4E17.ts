// Rule 4E17: Points. Players (and any object rules give points) have a score, `points`, which
// cannot be less than zero: a loss that would take it below zero leaves it at zero.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.param('floor', { pattern: /score cannot be less than zero/ });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    for (const type of ['player', 'corporation']) declare(`attribute/${type}.points`, { type, name: 'points', range: { kind: 'number', min: 0 }, clamp: true, default: 0, rule: '4E17' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && p.attrs.points === undefined) api.set(p.key, 'points', 0);
  });
}
