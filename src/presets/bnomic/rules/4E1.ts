// Rule 4E1: The Game of B. The game's name, read from this rule's text, is recorded as `game.name`.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const name = api.param('name', { pattern: /The name of this game is (.+?)\.\s*$/ });
  api.settle(() => {
    if (api.get('game/game')!.attrs.name !== name) api.set('game/game', 'name', name);
  });
}
