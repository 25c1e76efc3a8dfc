// Rule 4E21: Objecting. An action the rules say is done "without N objections" (or "with N
// supporters", 4E22) is first announced (`announce`, which records an `intent/ID`); rules declare
// such actions as `gate/ACTION` objects (how many supporters, how many objections, and any other
// waiting time). Without a rule's own time, the action may be taken between 2 and 4 ndays after
// the nday of the announcement, if fewer than N Players objected; with a rule's own time, during
// the 2 ndays that follow it. A Player may not object to his own action nor to his Twin's.
// `perform-intent` takes the announced action, through the same checks as any other.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const [from, to] = api.param('window', { pattern: /between (\d+) and (\d+) ndays after the nday the intent/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const after = api.param('time after a different wait', { pattern: /has (\w+) ndays following the required\s+elapsed time/, parse: (m) => ({ two: 2, three: 3, one: 1, four: 4 } as Record<string, number>)[m[1]!.toLowerCase()] ?? Number(m[1]) });
  type Clock = { count: number; rday: number; ndelay: number };
  const clock = () => (api.get('clock/clock')?.attrs ?? { nweek: 0, nday: 0, count: 0, rday: 0, ndelay: 0 }) as unknown as Clock;
  const isPlayer = (id: string) => Boolean(api.get('player/' + id));
  const twins = (a: string, b: string) => (api.imported('4E61', 'twins') ? api.call<boolean>('4E61', 'twins', a, b) : false);
  const intent = (ref: unknown) => api.get('intent/' + String(ref));

  api.action('announce', {
    describe: 'Announce your intent to take an action that needs supporters or no objections (its rule declares `gate/ACTION`). Returns the intent.',
    args: { action: 'string', args: 'json?' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'Rule 4E21: a Player announces his intention';
      const gate = api.get('gate/' + ctx.args.action);
      if (!gate) return `Rule 4E21: "${ctx.args.action}" is not an action the rules require to be done with supporters or without objections; just take it`;
      const who = gate.attrs.who as string | undefined;
      if (who && api.get('ministry/' + who)?.attrs.holder !== ctx.agent) return `only the ${api.get('ministry/' + who)?.attrs.title ?? who} may take this action`;
    },
    perform(ctx) {
      const gate = api.get('gate/' + ctx.args.action)!.attrs;
      const c = clock();
      const objections = Number(gate.objections ?? 0);
      const i = api.create('intent', {
        action: String(ctx.args.action), args: (ctx.args.args ?? {}) as JsonObject, by: ctx.agent, announcedAt: ctx.now, ndayAt: c.count, rdayAt: c.rday,
        supportersNeeded: Number(gate.supporters ?? 0), objectionLimit: objections, supporters: [], objectors: [],
        opensNday: null, closesNday: null, supportedNday: null, status: 'announced',
      }, { owner: null });
      if (objections > 0) {
        const unit = String(gate.unit ?? 'nday');
        const delay = gate.delay === undefined ? from : Number(gate.delay);
        const value = (unit === 'rday' ? c.rday : c.count) + delay;
        api.update(i.key, { opensAt: { base: unit, value } });
        api.timer({ base: unit, value }, 'intent-opens', { intent: i.id });
      }
      api.emit('intent-announced', { intent: i.id });
      return i.key;
    },
  });

  api.on('intent-opens', (e) => {
    const i = intent(e.payload.intent);
    if (!i || i.attrs.status !== 'announced') return;
    const gate = api.get('gate/' + i.attrs.action);
    const length = gate?.attrs.delay === undefined ? to - from : after;
    api.update(i.key, { opensNday: clock().count, closesNday: clock().count + length });
  });

  api.action('object', {
    describe: 'Object to an announced action (not your own, nor your Twin\'s).',
    args: { intent: 'string' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'Rule 4E21: only Players object';
      const i = intent(ctx.args.intent);
      if (!i) return `there is no intent ${ctx.args.intent}`;
      if (Number(i.attrs.objectionLimit) === 0) return 'that action is not done without objection';
      if (i.attrs.status !== 'announced') return `that action is already ${i.attrs.status}`;
      if (i.attrs.by === ctx.agent) return 'Rule 4E21: a Player may not object to an action he attempted to perform';
      if (twins(ctx.agent, String(i.attrs.by))) return `Rule 4E21: ${i.attrs.by} is your Twin; you may not object to his action`;
      if ((i.attrs.objectors as string[]).includes(ctx.agent)) return 'you have already objected';
      if (i.attrs.closesNday !== null && clock().count > Number(i.attrs.closesNday)) return 'the time for this action has passed';
    },
    perform(ctx) {
      const i = intent(ctx.args.intent)!;
      api.set(i.key, 'objectors', [...(i.attrs.objectors as string[]), ctx.agent]);
      return i.key;
    },
  });

  /** Why an announced intent cannot be carried out now, or null. */
  const blocked = (i: NonNullable<ReturnType<typeof intent>>): string | null => {
    const c = clock();
    const limit = Number(i.attrs.objectionLimit);
    if (limit > 0) {
      if (i.attrs.opensNday === null) return `Rule 4E21: the action may be taken only once the time for objections has elapsed (${JSON.stringify(i.attrs.opensAt)})`;
      if (c.count > Number(i.attrs.closesNday)) return 'Rule 4E21: the time to take this action has passed';
      if ((i.attrs.objectors as string[]).filter(isPlayer).length >= limit) return `Rule 4E21: ${(i.attrs.objectors as string[]).length} Players objected`;
    }
    if (Number(i.attrs.supportersNeeded) > 0) {
      const why = api.imported('4E22', 'blocked') ? api.call<string | null>('4E22', 'blocked', i.id) : 'Rule 4E22 is not in force: the action cannot receive support';
      if (why) return why;
    }
    return null;
  };

  // Taking the announced action directly, naming the intent (`retitle-rule {..., intent}`), is the
  // same as `perform-intent`: the gated action asks `ready`, and the intent is marked performed.
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b) || String(a) === String(b);
  api.export('ready', (id: string, action: string, agent: string, args: JsonObject) => {
    const i = intent(id);
    if (!i || i.attrs.action !== action || i.attrs.by !== agent) return false;
    if (i.attrs.status === 'performing') return true;
    if (i.attrs.status !== 'announced' || blocked(i) !== null) return false;
    return Object.entries((i.attrs.args ?? {}) as JsonObject).every(([k, v]) => args[k] === undefined || same(args[k], v));
  });
  api.on('action-performed', (e) => {
    const id = e.payload.args?.intent;
    const i = id === undefined || id === null ? undefined : intent(id);
    if (i && i.attrs.status === 'announced' && i.attrs.action === e.payload.action && i.attrs.by === e.payload.agent) api.update(i.key, { status: 'performed', performedAt: e.now });
  });

  api.action('perform-intent', {
    describe: 'Take the action you announced, once it has its supporters and the time for objections has passed.',
    args: { intent: 'string' },
    legal(ctx) {
      const i = intent(ctx.args.intent);
      if (!i) return `there is no intent ${ctx.args.intent}`;
      if (i.attrs.by !== ctx.agent) return 'only the Player who announced the intent may take the action';
      if (i.attrs.status !== 'announced') return `that action is already ${i.attrs.status}`;
      return blocked(i) ?? undefined;
    },
    perform(ctx) {
      const i = intent(ctx.args.intent)!;
      api.set(i.key, 'status', 'performing');
      const r = api.perform(String(i.attrs.action), { ...(i.attrs.args as JsonObject), intent: i.id }, { agent: String(i.attrs.by), person: ctx.person || String(i.attrs.by) });
      if (!r.ok) api.refuse(String(r.error));
      if (api.get(i.key)?.attrs.status === 'performing') api.update(i.key, { status: 'performed', performedAt: ctx.now });
      return r.value ?? i.key;
    },
  });

  // Announcements whose time has run out are marked lapsed.
  api.on('nday-begins', () => {
    const c = clock();
    for (const i of api.all('intent', (i) => i.attrs.status === 'announced')) {
      const objectionTimeOver = i.attrs.closesNday !== null && c.count > Number(i.attrs.closesNday);
      const supportTimeOver = api.imported('4E22', 'lapsed') ? api.call<boolean>('4E22', 'lapsed', i.id) : false;
      if (objectionTimeOver || supportTimeOver) api.set(i.key, 'status', 'lapsed');
    }
  });
}
