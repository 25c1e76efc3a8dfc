// Rule 4E51: The MetaMin. There is a Ministry of Ministry (the MoM, MetaMin, Kurt Gödel), which
// keeps the display of the Ministries and of anything no other Ministry covers. The game remembers
// who last held it (`game.lastMoM`): an Emergency (4E0) needs to know.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('names', { pattern: /may be referred to as\s+the\s+MoM, the MetaMin, or Kurt Gödel/ });
  const ensure = () => {
    if (!api.get('ministry/ministry')) {
      api.create('ministry', { name: 'Ministry of Ministry', minister: 'Minister of Ministry', title: 'MoM', aliases: ['MetaMinistry', 'MetaMin', 'Kurt Gödel', 'Kurt Godel', 'Minister of Ministries', 'Ministry of Ministries'], holder: null, mini: false, rule: '4E51', history: [] }, { id: 'ministry' });
    }
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('ministry-taken', (e) => {
    if (e.payload.ministry === 'ministry') api.set('game/game', 'lastMoM', e.payload.player);
  });
}
