// Rule 4E47: Leaving Ministries. A Minister may Resign; a Minister who loses the Active property
// (or stops being a Player) vacates every Ministry he holds at once.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('loses active', { pattern: /loses the Active property\s+immediately vacates/ });
  const find = (ref: unknown) => (api.imported('4E45', 'find') ? api.call<string | null>('4E45', 'find', ref) : null);
  const vacate = (id: string, how: string) => { if (api.imported('4E45', 'assign')) api.call('4E45', 'assign', id, null, how); };

  api.action('resign', {
    describe: 'Resign from a Ministry you hold; it becomes Vacant.',
    args: { ministry: 'string' },
    legal(ctx) {
      const id = find(ctx.args.ministry);
      if (!id) return `there is no Ministry "${ctx.args.ministry}"`;
      if (api.get('ministry/' + id)!.attrs.holder !== ctx.agent) return 'Rule 4E47: you are not the Minister of that Ministry';
    },
    perform(ctx) {
      const id = find(ctx.args.ministry)!;
      vacate(id, 'resigned (4E47)');
      return 'ministry/' + id;
    },
  });

  api.settle(() => {
    for (const m of api.all('ministry', (m) => Boolean(m.attrs.holder))) {
      const p = api.get('player/' + m.attrs.holder);
      if (!p) vacate(m.id, 'the Minister is no longer a Player');
      else if (p.attrs.active !== true) vacate(m.id, 'the Minister lost the Active property (4E47)');
    }
  });
}
