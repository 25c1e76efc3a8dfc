// Rule 4E55: Murder. A Felony: an Alive Player intentionally causes another to become Dead. Its
// punishment is a Felony's fine or the Death Penalty (Hit Points set to 0; 4E54 `death: true`).
// Intent is for the Jury (4E73); this rule defines the Crime.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.param('definition', { pattern: /Murder is a felony that is committed when an Alive Player\s+intentionally causes another Alive Player to become Dead/ });
  const death = api.param('death penalty', { pattern: /Death Penalty, which consists of\s+setting the Hit Points of the Guilty Player to 0/, parse: () => true });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('crime/murder', { name: 'Murder', kind: 'Felony', death, rule: '4E55' });
  api.on('setup', ensure);
  api.settle(ensure);
}
