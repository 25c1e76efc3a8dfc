// Rule 4E59: Stop that! Mild spamming of the lists or the wiki is a Misdemeanor, severe spamming a
// Felony. What counts as spam, and how severe, is for the Jury; this rule defines the Crimes.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const kinds = api.param('classes', { pattern: /Mildly spamming[^\n]* is (\w+)\.\s+Severely spamming[^\n]* is a (\w+)\./, parse: (m) => [m[1]!, m[2]!] });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    declare('crime/mild-spam', { name: 'Mild spamming', kind: kinds[0]!, rule: '4E59' });
    declare('crime/severe-spam', { name: 'Severe spamming', kind: kinds[1]!, rule: '4E59' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
}
