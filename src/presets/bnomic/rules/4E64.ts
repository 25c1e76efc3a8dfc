// Rule 4E64: Manslaughter. A Misdemeanor: unintentionally causing another Player's Hit Points to
// become nonpositive. Whether it was intended is for the Jury (4E73); this rule defines the Crime.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.param('definition', { pattern: /Manslaughter is a Misdemeanor that consists of unintentionally causing/ });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('crime/manslaughter', { name: 'Manslaughter', kind: 'Misdemeanor', rule: '4E64' });
  api.on('setup', ensure);
  api.settle(ensure);
}
