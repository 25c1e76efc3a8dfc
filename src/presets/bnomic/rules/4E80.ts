// Rule 4E80: Laundress. There is a Ministry of Laundry (the Washerwoman), whose display covers the
// Sock Market and the colors of proposals.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('washerwoman', { pattern: /Minister\s+of Laundry, also known as the Washerwoman/ });
  const ensure = () => {
    if (!api.get('ministry/laundry')) api.create('ministry', { name: 'Ministry of Laundry', minister: 'Minister of Laundry', title: 'Washerwoman', aliases: ['Laundry', 'Laundress'], holder: null, mini: false, rule: '4E80', history: [] }, { id: 'laundry' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
}
