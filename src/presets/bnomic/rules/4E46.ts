// Rule 4E46: Assigning Ministries. A Player may assign a Vacant Ministry to himself.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('vacant', { pattern: /assign a Vacant Ministry to\s+himself/ });
  const find = (ref: unknown) => (api.imported('4E45', 'find') ? api.call<string | null>('4E45', 'find', ref) : null);
  const spec: Parameters<RuleApi['action']>[1] = {
    describe: 'Take a Vacant Ministry for yourself (by any of its names: "Chairman", "Ministry of Change", "change").',
    args: { ministry: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E46: only a Player may take a Ministry';
      const id = find(ctx.args.ministry);
      if (!id) return `there is no Ministry "${ctx.args.ministry}"`;
      const holder = api.get('ministry/' + id)!.attrs.holder;
      if (holder) return `Rule 4E46: the ${api.get('ministry/' + id)!.attrs.name} is not Vacant (${holder} holds it)`;
    },
    perform(ctx) {
      const id = find(ctx.args.ministry)!;
      api.call('4E45', 'assign', id, ctx.agent, 'assigned to himself (4E46)');
      return 'ministry/' + id;
    },
  };
  api.action('assign-ministry', spec);
  for (const alias of ['take-ministry', 'claim-ministry']) api.action(alias, { ...spec, describe: 'The same as `assign-ministry`.' });
}
