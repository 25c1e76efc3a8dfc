// Rule 4E48: Usurping Ministries. Each Ministry has a Retainer (default 50): reduced by 10 at the
// end of each nweek, set to the default when a Player takes it, to 0 when it loses its Minister.
// A Player may pay points to raise or lower a Retainer by as many. A Player may usurp a Ministry
// whose Retainer is at most 0, unless he held it this nweek or the last or its Minister is his
// Twin; or, with 2 Support, usurp it regardless (`usurp-with-support`, announced through 4E21).
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const dflt = api.param('default retainer', { pattern: /a default value of (\d+)\./, parse: (m) => Number(m[1]) });
  const drop = api.param('nweekly reduction', { pattern: /Retainer for each Ministry is reduced by (\d+)/, parse: (m) => Number(m[1]) });
  const supporters = api.param('support', { pattern: /with (\d+) Support a Player may usurp/, parse: (m) => Number(m[1]) });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
  const find = (ref: unknown) => (api.imported('4E45', 'find') ? api.call<string | null>('4E45', 'find', ref) : null);
  const twins = (a: string, b: string) => (api.imported('4E61', 'twins') ? api.call<boolean>('4E61', 'twins', a, b) : false);
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
    declare('attribute/ministry.retainer', { type: 'ministry', name: 'retainer', range: { kind: 'int' }, default: dflt, rule: '4E48' });
    declare('gate/usurp-with-support', { action: 'usurp-with-support', supporters, rule: '4E48' });
  };
  api.on('setup', ensure);
  api.settle(ensure);

  api.on('ministry-taken', (e) => api.set('ministry/' + e.payload.ministry, 'retainer', dflt));
  api.on('ministry-vacated', (e) => {
    const m = api.get('ministry/' + e.payload.ministry);
    if (m && !m.attrs.holder) api.set(m.key, 'retainer', 0);
  });
  api.on('nweek-ends', () => {
    for (const m of api.all('ministry')) api.set(m.key, 'retainer', Number(m.attrs.retainer ?? dflt) - drop);
  });

  api.action('pay-retainer', {
    describe: 'Pay points to raise (a positive amount) or lower (a negative amount) the Retainer of a Ministry by as many.',
    args: { ministry: 'string', amount: 'number' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'Rule 4E48: only a Player may pay';
      if (!find(ctx.args.ministry)) return `there is no Ministry "${ctx.args.ministry}"`;
      const n = Number(ctx.args.amount);
      if (!Number.isInteger(n) || n === 0) return 'pay a whole, non-zero number of points';
      if (Math.abs(n) > Number(p.attrs.points ?? 0)) return `you have only ${p.attrs.points ?? 0} points`;
    },
    perform(ctx) {
      const id = find(ctx.args.ministry)!;
      const n = Number(ctx.args.amount);
      const p = api.get('player/' + ctx.agent)!;
      api.set(p.key, 'points', Number(p.attrs.points) - Math.abs(n));
      api.set('ministry/' + id, 'retainer', Number(api.get('ministry/' + id)!.attrs.retainer ?? dflt) + n);
      return 'ministry/' + id;
    },
  });

  const usurpable = (ctx: ActionContext): string | undefined => {
    if (!api.get('player/' + ctx.agent)) return 'Rule 4E48: only a Player may usurp';
    const id = find(ctx.args.ministry);
    if (!id) return `there is no Ministry "${ctx.args.ministry}"`;
    const m = api.get('ministry/' + id)!;
    if (m.attrs.holder === ctx.agent) return 'you already hold it';
    if (Number(m.attrs.retainer ?? dflt) > 0) return `Rule 4E48: the Retainer of the ${m.attrs.name} is ${m.attrs.retainer}; a Ministry may be usurped when it is 0 or less`;
    return undefined;
  };
  api.action('usurp', {
    describe: 'Take a Ministry whose Retainer is 0 or less (not one you held this nweek or the last, nor one your Twin holds).',
    args: { ministry: 'string' },
    legal(ctx) {
      const why = usurpable(ctx);
      if (why) return why;
      const m = api.get('ministry/' + find(ctx.args.ministry))!;
      const held = ((m.attrs.history as any[]) ?? []).some((h) => h.player === ctx.agent && (h.to === null || h.to >= nweek() - 1));
      if (held) return 'Rule 4E48: you held this Ministry during the current or previous nweek (usurp it with 2 Support instead)';
      if (m.attrs.holder && twins(ctx.agent, String(m.attrs.holder))) return 'Rule 4E48: the current Minister is your Twin';
    },
    perform(ctx) {
      const id = find(ctx.args.ministry)!;
      api.call('4E45', 'assign', id, ctx.agent, 'usurped (4E48)');
      return 'ministry/' + id;
    },
  });
  api.action('usurp-with-support', {
    describe: 'With 2 Support, take a Ministry whose Retainer is 0 or less (announce it first).',
    args: { ministry: 'string', intent: 'string?' },
    legal(ctx) {
      const why = usurpable(ctx);
      if (why) return why;
      if (!viaIntent(ctx)) return 'Rule 4E48: this is done with 2 Support: announce the intent first (announce)';
    },
    perform(ctx) {
      const id = find(ctx.args.ministry)!;
      api.call('4E45', 'assign', id, ctx.agent, 'usurped with Support (4E48)');
      return 'ministry/' + id;
    },
  });
}
