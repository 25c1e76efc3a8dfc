// Rule 119: the name of this Nomic, read from the rule's text, is the game's `name`.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const name = api.param('name', { pattern: /The name of this Nomic is "([^"]+)"/ });
  api.on('setup', () => api.set('game/game', 'name', name));
  api.on('rule-changed', () => {
    if (api.get('game/game')!.attrs.name !== name) api.set('game/game', 'name', name);
  });
}
