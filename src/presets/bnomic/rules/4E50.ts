// Rule 4E50: Public Displays. The engine's record of the game state is every Ministry's display,
// kept up to date by construction. Any Player may challenge a Ministry's display by listing errors
// (`challenge-display`); its Minister is obligated to address them (`address-challenge`). A Player
// may, with 4 Support and no Objections within 2 rdays, Approve a Public Display (`approve-display`,
// announced through 4E21): the game state as of the announcement is patched to agree with the
// display (`values`: path -> value), and everything that happened since is re-simulated on it.
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const [supporters, delay] = api.param('approval', { pattern: /with (\d+) Support and no Objections within\s+(\d+) rdays, Approve/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const intentOf = (ctx: ActionContext) => {
    const i = api.get('intent/' + String(ctx.args.intent ?? ''));
    return i && (i.attrs.status === 'performing' ? i.attrs.action === ctx.action && i.attrs.by === ctx.agent : Boolean(api.imported('4E21', 'ready')) && api.call<boolean>('4E21', 'ready', i.id, ctx.action, ctx.agent, ctx.args)) ? i : undefined;
  };
  const find = (ref: unknown) => (api.imported('4E45', 'find') ? api.call<string | null>('4E45', 'find', ref) : null);
  const ensure = () => declare('gate/approve-display', { action: 'approve-display', supporters, objections: 1, delay, unit: 'rday', rule: '4E50' });
  api.on('setup', ensure);
  api.settle(ensure);

  api.action('challenge-display', {
    describe: 'Challenge the Public Display a Ministry maintains, listing the errors you believe it has.',
    args: { ministry: 'string', errors: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E50: Players challenge Public Displays';
      if (!find(ctx.args.ministry)) return `there is no Ministry "${ctx.args.ministry}"`;
    },
    perform(ctx) {
      const ministry = find(ctx.args.ministry)!;
      const c = api.create('display-challenge', { ministry, errors: String(ctx.args.errors), by: ctx.agent, at: ctx.now, status: 'open', response: null }, { owner: null });
      if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', ministry, 'address-challenge', c.id, `address the errors ${ctx.agent} listed in the display`);
      return c.key;
    },
  });

  api.action('address-challenge', {
    describe: 'As the Minister whose display was challenged, address the errors: correct them, or say why the display is already correct.',
    args: { challenge: 'string', response: 'string', corrected: 'boolean' },
    legal(ctx) {
      const c = api.get('display-challenge/' + ctx.args.challenge);
      if (!c) return `there is no challenge ${ctx.args.challenge}`;
      if (api.get('ministry/' + c.attrs.ministry)?.attrs.holder !== ctx.agent) return 'Rule 4E50: the Minister who maintains the display addresses it';
      if (c.attrs.status !== 'open') return 'that challenge was already addressed';
    },
    perform(ctx) {
      const c = api.get('display-challenge/' + ctx.args.challenge)!;
      api.update(c.key, { status: ctx.args.corrected ? 'corrected' : 'upheld', response: String(ctx.args.response), addressedAt: ctx.now });
      if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', String(c.attrs.ministry), 'address-challenge', c.id);
      return c.key;
    },
  });

  api.action('approve-display', {
    describe: 'With 4 Support and no Objections within 2 rdays (announce it first), Approve a Public Display: `values` maps paths to what the display shows; the state as of the announcement becomes that, and all since is re-simulated.',
    args: { values: 'json', display: 'string?', intent: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E50: Players Approve Public Displays';
      const v = ctx.args.values;
      if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.keys(v).length) return 'the Public Display must be provided in full: values maps paths to values';
      if (!intentOf(ctx)) return 'Rule 4E50: a Public Display is Approved with 4 Support and no Objections: announce it first (announce)';
    },
    perform(ctx) {
      const i = intentOf(ctx)!;
      const changes = Object.entries(ctx.args.values as JsonObject).map(([path, value]) => ({ set: { path, value: value as Json } }));
      // The re-simulation skips this input: the patch records that the display was Approved.
      changes.push({ set: { path: `${i.key}.status`, value: 'performed' } }, { set: { path: `${i.key}.approvedAt`, value: ctx.now } });
      api.rebase({ at: Number(i.attrs.announcedAt), changes: changes as never, cause: `public display approved by ${ctx.agent}` });
      return i.key;
    },
  });
}
