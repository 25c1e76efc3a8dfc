// Rule 4E23: Foreign Relations. There is a Ministry of Foreign Relations (the Ambassador). Where
// another Nomic's rules let B Nomic act, the Ambassador may make B Nomic act there with 2 supporters
// and without objection (`foreign-action`, announced through 4E21); the act is recorded
// (`foreign-act/ID`) — what it does in the other Nomic is that Nomic's business.
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const supporters = api.param('supporters', { pattern: /with (\d+) supporters and\s+without objection/, parse: (m) => Number(m[1]) });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const viaIntent = (ctx: ActionContext) => {
    const i = api.get('intent/' + String(ctx.args.intent ?? ''));
    return Boolean(i) && (i!.attrs.status === 'performing' ? i!.attrs.action === ctx.action && i!.attrs.by === ctx.agent : Boolean(api.imported('4E21', 'ready')) && api.call<boolean>('4E21', 'ready', i!.id, ctx.action, ctx.agent, ctx.args));
  };
  const ensure = () => {
    if (!api.get('ministry/foreign-relations')) api.create('ministry', { name: 'Ministry of Foreign Relations', minister: 'Minister of Foreign Relations', title: 'Ambassador', aliases: ['Foreign Relations'], holder: null, mini: false, rule: '4E23', history: [] }, { id: 'foreign-relations' });
    declare('gate/foreign-action', { action: 'foreign-action', supporters, objections: 1, who: 'foreign-relations', rule: '4E23' });
  };
  api.on('setup', ensure);
  api.settle(ensure);

  api.action('foreign-action', {
    describe: "As the Ambassador, with 2 supporters and without objection (announce it first), cause B Nomic to act in another Nomic by that Nomic's mechanisms.",
    args: { nomic: 'string', action: 'string', intent: 'string?' },
    legal(ctx) {
      if (api.get('ministry/foreign-relations')?.attrs.holder !== ctx.agent) return 'Rule 4E23: the Ambassador acts for B Nomic abroad';
      if (!viaIntent(ctx)) return 'Rule 4E23: this needs 2 supporters and no objection: announce it first (announce)';
    },
    perform(ctx) {
      return api.create('foreign-act', { nomic: String(ctx.args.nomic), action: String(ctx.args.action), by: ctx.agent, at: ctx.now }, { owner: null }).key;
    },
  });
}
