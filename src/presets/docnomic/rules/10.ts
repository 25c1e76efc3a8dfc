// Rule 10: Timeframes. Spans of time are measured in duns. The length of a dun is game state
// (`game.dunHours`): 48 hours unless Doc proclaims otherwise (a Proclamation that sets
// `game.dunHours`, or whose text alone says how many hours a dun lasts), and Sudden Death halves
// it (Rule 1003). The time base `dun` counts duns at the rate the current length gives, so every
// span measured in duns (activity, deadlines, ships) stretches or shrinks with the dun. `duns()`
// is the time in duns since the game began.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const HOUR = 3_600_000;
  // The length is the first "N hours" of the text, so that an amendment in other words ("A dun is
  // 24 hours long.") still sets it.
  const standard = api.param('length of a dun', { pattern: /(\d+(?:\.\d+)?)[\s-]*hours?\b/i, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const hours = () => {
    const h = Number(game().dunHours);
    return Number.isFinite(h) && h > 0 ? h : standard;
  };
  const ensure = () => {
    if (!api.get('timebase/dun')) api.timeBase('dun', { kind: 'clock', rate: 1 / (hours() * HOUR) });
  };

  api.on('setup', () => {
    if (game().dunHours == null) api.set('game/game', 'dunHours', standard);
    ensure();
  });

  // An amendment of this rule's text sets the length it names.
  api.on('rule-changed', (e) => {
    if (e.payload.rule === api.self.number && e.payload.kind === 'amend') api.set('game/game', 'dunHours', standard);
  });

  // "Unless Doc proclaims otherwise": a Proclamation whose text sets the length of a dun in hours
  // ("A dun now lasts 24 hours.") and that makes no other change the engine could read sets it.
  api.on('proclamation', (e) => {
    const p = api.get('proclamation/' + e.payload.proclamation);
    if (!p) return;
    const changes = (p.attrs.changes ?? []) as { manual?: unknown }[];
    if (!changes.every((c) => c && c.manual !== undefined)) return;
    const m = String(p.attrs.text).match(/\bduns?\b[^.]*?\b(\d+(?:\.\d+)?)\s*(?:hours?|h)\b/i);
    if (m && Number(m[1]) > 0) api.set('game/game', 'dunHours', Number(m[1]));
  });

  api.export('duns', () => {
    ensure();
    return api.baseValue('dun');
  });
  api.export('hours', hours);

  api.settle(() => {
    if (game().dunHours == null) api.set('game/game', 'dunHours', standard);
    ensure();
    const rate = 1 / (hours() * HOUR);
    if (api.get('timebase/dun')!.attrs.rate !== rate) {
      api.setBaseRate('dun', rate);
      api.message('all', `A dun now lasts ${hours()} hours (Rule 10).`, { channel: 'list' });
    }
  });
}
