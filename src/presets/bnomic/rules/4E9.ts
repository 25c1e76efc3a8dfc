// Rule 4E9: Eras. The game starts in the Fourth Era, at the nweek this rule names (135); the Clock
// (4E14) starts there, and `game.era` records the Era.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const start = api.param('fourth era start', { pattern: /Fourth Era of B Nomic is the time starting with nweek (\d+)/, parse: (m) => Number(m[1]) });
  api.export('currentEraStart', start);
  api.on('setup', () => api.set('game/game', 'era', 'Fourth'));
}
