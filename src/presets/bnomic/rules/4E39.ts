// Rule 4E39: Message Of The nweek. The motnw (`motnw/motnw`) has a Message: 1 to 256 characters,
// "This space intentionally left blank" by default. The Registrar may change it with Support
// (`set-motnw`, announced through 4E21), at most once per nweek.
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const [min, max] = api.param('length', { pattern: /any string of\s+between (\d+) and (\d+) characters inclusive/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const dflt = api.param('default', { pattern: /Default Value of "([^"]+)"/, parse: (m) => m[1]!.replace(/\s+/g, ' ') });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
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
    declare('attribute/motnw.message', { type: 'motnw', name: 'message', range: { kind: 'string', min, max }, default: dflt, rule: '4E39' });
    declare('gate/set-motnw', { action: 'set-motnw', supporters: 1, who: 'society', rule: '4E39' });
    if (!api.get('motnw/motnw')) api.create('motnw', { message: dflt, changedNweek: null }, { id: 'motnw' });
  };
  api.on('setup', ensure);
  api.settle(ensure);

  api.action('set-motnw', {
    describe: 'As the Registrar, with Support (announce it first), change the Message Of The nweek, at most once per nweek.',
    args: { message: 'string', intent: 'string?' },
    legal(ctx) {
      if (api.get('ministry/society')?.attrs.holder !== ctx.agent) return 'Rule 4E39: the Registrar changes the Message';
      const n = String(ctx.args.message).length;
      if (n < min || n > max) return `Rule 4E39: the Message is between ${min} and ${max} characters`;
      if (api.get('motnw/motnw')?.attrs.changedNweek === nweek()) return 'Rule 4E39: the Message cannot be changed more than once in an nweek';
      if (!viaIntent(ctx)) return 'Rule 4E39: the Message is changed with Support: announce it first (announce)';
    },
    perform(ctx) {
      api.update('motnw/motnw', { message: String(ctx.args.message), changedNweek: nweek(), changedBy: ctx.agent });
      return 'motnw/motnw';
    },
  });
}
