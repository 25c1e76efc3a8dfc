// Rule 4E35: devices. A device (`device/ID`) belongs to a Device Owner Object (`deviceOwner`: a
// Player or a Corporation) and may have powers. A device carries code, hosted under this rule with a
// limited API: each power is a function it exports (`api.export('zap', ({ owner, args }) => ...)`),
// and it may also react to events. The owner uses a power (`use-device`), making any choice the
// power needs in `args`; a Cooldown power works once per nweek, an RPG power not for a Dead owner
// nor on a Dead target, a Disposable device is gone once its power has worked. The owner may give a
// device to another DOO (`transfer-device`) or destroy it (`destroy-device`), but not a Cursed one.
// When a DOO ceases to be one, its devices are destroyed. Blueprints (`blueprint/ID`) define devices.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

const DEVICE_API = ['get', 'all', 'set', 'update', 'create', 'destroy', 'self', 'now', 'refuse', 'random', 'pick', 'log', 'message', 'export', 'on', 'emit', 'baseValue', 'call', 'imported'];

export default function (api: RuleApi) {
  api.param('ambiguity', { pattern: /If there is any\s+other ambiguity in the rules about how a power assigned to a device\s+works, then that power has no effect/ });
  const defaultPrice = api.param('default price', { pattern: /Default Value of (\d+)\s+mackerel/, parse: (m) => Number(m[1]) });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('attribute/blueprint.price', { type: 'blueprint', name: 'price', range: { kind: 'number', min: 0 }, default: defaultPrice, rule: '4E35' });
  api.on('setup', ensure);
  for (const d of api.all('device', (d) => typeof d.attrs.code === 'string')) api.host(d.key, { allow: DEVICE_API });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
  const device = (ref: unknown) => api.get('device/' + String(ref ?? '').replace(/^device\//, ''));
  const ownerKeyOf = (agent: string) => (agent.startsWith('corporation/') ? agent : 'player/' + agent);
  const doo = (ref: unknown) => {
    const s = String(ref ?? '');
    const o = s.includes('/') ? api.get(s) : api.get('player/' + s) ?? api.all('corporation', (c) => c.attrs.name === s)[0];
    return o && (o.type === 'player' || o.type === 'corporation') ? o : undefined;
  };
  const power = (d: NonNullable<ReturnType<typeof device>>, name: string) => ((d.attrs.powers as JsonObject[]) ?? []).find((p) => p.name === name);
  const props = (p: JsonObject | undefined) => ((p?.properties as string[]) ?? []).map((x) => x.toLowerCase());

  api.action('use-device', {
    describe: "Use a power of a device you own; `args` carries the choices the power asks of its owner (a target, ...).",
    args: { device: 'string', power: 'string', args: 'json?' },
    legal(ctx) {
      const d = device(ctx.args.device);
      if (!d) return `there is no device ${ctx.args.device}`;
      if (d.attrs.deviceOwner !== ownerKeyOf(ctx.agent)) return 'Rule 4E35: only the owner of a device triggers its powers';
      const p = power(d, String(ctx.args.power));
      if (!p || !api.imported(d.key, String(ctx.args.power))) return `Rule 4E35: ${d.attrs.name ?? d.id} has no power "${ctx.args.power}"`;
      const used = ((d.attrs.lastUsed as JsonObject) ?? {})[String(ctx.args.power)];
      if (props(p).includes('cooldown') && used === nweek()) return 'Rule 4E35: a Cooldown power works once per nweek';
      if (props(p).includes('rpg')) {
        if (api.get(ownerKeyOf(ctx.agent))?.attrs.health === 'Dead') return 'Rule 4E35: the owner of an RPG power must not be Dead';
        const target = (ctx.args.args as JsonObject | null)?.target;
        if (target && api.get('player/' + target)?.attrs.health === 'Dead' && p.onDead !== true) return 'Rule 4E35: an RPG power has no effect on a Dead Player';
      }
    },
    perform(ctx) {
      const d = device(ctx.args.device)!;
      const name = String(ctx.args.power);
      const p = power(d, name)!;
      const result = api.call(d.key, name, { owner: ctx.agent, args: (ctx.args.args ?? {}) as JsonObject, device: d.id });
      if (api.get(d.key)) api.set(d.key, 'lastUsed', { ...((d.attrs.lastUsed as JsonObject) ?? {}), [name]: nweek() });
      if (props(p).includes('disposable') && api.get(d.key)) api.destroy(d.key);
      return (result ?? d.key) as never;
    },
  });

  api.action('transfer-device', {
    describe: 'Give a device you own to another Device Owner Object (a Player or a Corporation).',
    args: { device: 'string', to: 'string' },
    legal(ctx) {
      const d = device(ctx.args.device);
      if (!d) return `there is no device ${ctx.args.device}`;
      if (d.attrs.deviceOwner !== ownerKeyOf(ctx.agent)) return 'Rule 4E35: only its owner transfers a device';
      if (d.attrs.cursed === true) return 'Rule 4E35: the owner of a Cursed device cannot transfer it';
      if (!doo(ctx.args.to)) return `Rule 4E35: ${ctx.args.to} is not a Device Owner Object`;
    },
    perform(ctx) {
      const d = device(ctx.args.device)!;
      api.set(d.key, 'deviceOwner', doo(ctx.args.to)!.key);
      return d.key;
    },
  });

  api.action('destroy-device', {
    describe: 'Destroy a device you own (not a Cursed one).',
    args: { device: 'string' },
    legal(ctx) {
      const d = device(ctx.args.device);
      if (!d) return `there is no device ${ctx.args.device}`;
      if (d.attrs.deviceOwner !== ownerKeyOf(ctx.agent)) return 'Rule 4E35: only its owner destroys a device';
      if (d.attrs.cursed === true) return 'Rule 4E35: the owner of a Cursed device cannot destroy it';
    },
    perform(ctx) {
      api.destroy(device(ctx.args.device)!.key);
    },
  });

  // A DOO that ceases to be one takes its devices with it.
  api.settle(() => {
    ensure();
    for (const d of api.all('device')) if (!api.get(String(d.attrs.deviceOwner))) api.destroy(d.key);
  });

  /** Defines a device from a blueprint (4E37): its attributes, powers and code, owned by `owner`. */
  api.export('define', (blueprintId: string, owner: string) => {
    const b = api.get('blueprint/' + blueprintId);
    if (!b) api.refuse(`there is no blueprint ${blueprintId}`);
    const a = b!.attrs;
    const d = api.create('device', {
      name: a.name ?? null, blueprint: b!.id, deviceOwner: owner, unique: a.unique === true, cursed: a.cursed === true,
      powers: a.powers ?? [], code: a.code ?? null, description: a.description ?? null, attributes: a.attributes ?? {}, lastUsed: {}, createdAt: api.now(),
    }, { owner: null });
    if (a.unique === true) api.destroy(b!.key); // a unique blueprint ceases to exist once its device is defined
    return d.key;
  });
}
