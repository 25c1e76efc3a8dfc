// Rule 4E71: Operant Conditioning. The Operantly Conditioned Beast (`player/beast`) is a Player who
// acts only through the rules: once per nweek any Player may, with no objection in two rdays, cause
// it to take a single Game Action (`command-beast`, announced through 4E21); and it performs Tricks
// (`trick/ID`: a change set, a Response, default 10, and a Timing, Anytime or Voting). At the start of
// ndays 1, 5 and 9 a Trick is due; the Ranger (Minister of Fauna), having announced how he draws it,
// is obliged to select it (`select-trick`: the engine draws, each Trick weighted by its Response;
// Voting Tricks only while Voting); if he has not within 1 rday, the first other Player to do so
// may. Players Reinforce or Punish the last Trick (`reinforce-trick`, `punish-trick`: Response +1 or
// -1; once until the next Trick; at 0 the Trick is gone), and Teach new ones with support and without
// objection (`teach-trick`).
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const trickDays = api.param('trick ndays', { pattern: /At the start of each nday (\d+), (\d+), and (\d+), the OCB performs/, parse: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] });
  const dfltResponse = api.param('default response', { pattern: /range\s+of all positive integers, and a default value of (\d+)/, parse: (m) => Number(m[1]) });
  const rangerDelay = api.param('ranger delay', { pattern: /fails to do so within (\d+) rday/, parse: (m) => Number(m[1]) });
  const clock = () => (api.get('clock/clock')?.attrs ?? { nweek: 0, nday: 0, count: 0, rday: 0, ndelay: 0 }) as unknown as { nweek: number; nday: number; rday: number };
  const ranger = () => (api.get('ministry/fauna')?.attrs.holder ?? null) as string | null;
  const beast = () => api.get('player/beast');
  const isVoting = () => (api.imported('4E15', 'isVoting') ? api.call<boolean>('4E15', 'isVoting') : false);
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
    if (!api.get('ministry/fauna')) api.create('ministry', { name: 'Ministry of Fauna', minister: 'Minister of Fauna', title: 'Ranger', aliases: ['Fauna'], holder: null, mini: false, rule: '4E71', history: [] }, { id: 'fauna' });
    declare('attribute/trick.response', { type: 'trick', name: 'response', range: { kind: 'int', min: 1 }, default: dfltResponse, rule: '4E71' });
    declare('attribute/trick.timing', { type: 'trick', name: 'timing', range: { kind: 'enum', values: ['Anytime', 'Voting'] }, default: 'Anytime', rule: '4E71' });
    declare('gate/command-beast', { action: 'command-beast', objections: 1, delay: 2, unit: 'rday', rule: '4E71' });
    declare('gate/teach-trick', { action: 'teach-trick', supporters: 1, objections: 1, rule: '4E71' });
  };
  api.on('setup', ensure);
  api.settle(ensure);

  // The Beast takes Game Actions only as the rules cause it to.
  api.check('*', (ctx) => (ctx.agent === 'beast' && ctx.invokedBy === 'input' ? 'Rule 4E71: the Beast acts only through the rules' : undefined));

  api.action('command-beast', {
    describe: 'Once per nweek, with no objection in two rdays (announce it first), cause the Beast to take a single Game Action.',
    args: { action: 'string', args: 'json?', intent: 'string?' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'Rule 4E71: a Player causes the Beast to act';
      if (p.attrs.commandedBeastNweek === clock().nweek) return 'Rule 4E71: once per nweek';
      if (!viaIntent(ctx)) return 'Rule 4E71: this is done with no objection in two rdays: announce it first (announce)';
    },
    perform(ctx) {
      api.set('player/' + ctx.agent, 'commandedBeastNweek', clock().nweek);
      const r = api.perform(String(ctx.args.action), (ctx.args.args ?? {}) as JsonObject, { agent: 'beast' });
      if (!r.ok) api.refuse(`the Beast cannot do that: ${r.error}`);
      return r.value ?? 'player/beast';
    },
  });

  api.on('nday-begins', (e) => {
    if (!trickDays.includes(Number(e.payload.nday)) || !beast()) return;
    if (!api.all('trick').length) return;
    api.set(beast()!.key, 'pendingTrick', { since: clock().rday, nday: Number(e.payload.nday), nweek: Number(e.payload.nweek), voting: isVoting() });
    if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', 'fauna', 'select-trick', `nweek ${e.payload.nweek} nday ${e.payload.nday}`, 'select the Trick the Beast performs');
  });

  api.action('select-trick', {
    describe: 'As the Ranger (or, 1 rday later, any Player first), select the Trick the Beast performs; state the `mode` of selection; the engine draws, weighted by Response.',
    args: { mode: 'string' },
    legal(ctx) {
      const pending = beast()?.attrs.pendingTrick as { since: number } | null | undefined;
      if (!pending) return 'Rule 4E71: no Trick is due';
      if (ranger() !== ctx.agent) {
        if (!api.get('player/' + ctx.agent)) return 'only Players select Tricks';
        if (clock().rday < pending.since + rangerDelay) return `Rule 4E71: the Ranger selects the Trick; others may after ${rangerDelay} rday`;
      }
    },
    perform(ctx) {
      const pending = beast()!.attrs.pendingTrick as { voting: boolean; nday: number; nweek: number };
      api.set(beast()!.key, 'pendingTrick', null);
      if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'fauna', 'select-trick');
      const tricks = api.all('trick', (t) => pending.voting || t.attrs.timing !== 'Voting');
      if (!tricks.length) return null;
      const total = tricks.reduce((s, t) => s + Number(t.attrs.response ?? dfltResponse), 0);
      let x = api.random() * total;
      let chosen = tricks[tricks.length - 1]!;
      for (const t of tricks) {
        x -= Number(t.attrs.response ?? dfltResponse);
        if (x < 0) { chosen = t; break; }
      }
      const r = api.applyChanges(((chosen.attrs.changes as Json[]) ?? []) as never, { cause: `trick ${chosen.attrs.name ?? chosen.id} performed by the Beast` });
      api.update(beast()!.key, { lastTrick: chosen.id, trainedBy: [] });
      api.update(chosen.key, { performed: Number(chosen.attrs.performed ?? 0) + 1, lastPerformedAt: ctx.now, lastEffect: r.ok ? 'applied' : `failed: ${r.error}`, selectedBy: ctx.agent, mode: String(ctx.args.mode) });
      api.emit('trick-performed', { trick: chosen.id });
      return chosen.key;
    },
  });

  for (const [name, delta, verb] of [['reinforce-trick', 1, 'Reinforce'], ['punish-trick', -1, 'Punish']] as const) {
    api.action(name, {
      describe: `${verb} the last Trick the Beast performed (Response ${delta > 0 ? '+1' : '-1'}); then neither again until the next Trick.`,
      legal(ctx) {
        if (!api.get('player/' + ctx.agent)) return `Rule 4E71: Players ${verb}`;
        const last = beast()?.attrs.lastTrick;
        if (!last || !api.get('trick/' + last)) return 'Rule 4E71: no Trick has been performed';
        if (((beast()!.attrs.trainedBy as string[]) ?? []).includes(ctx.agent)) return 'Rule 4E71: you may not Reinforce or Punish again until the Beast next performs a Trick';
      },
      perform(ctx) {
        const t = api.get('trick/' + beast()!.attrs.lastTrick)!;
        api.set(beast()!.key, 'trainedBy', [...((beast()!.attrs.trainedBy as string[]) ?? []), ctx.agent]);
        const next = Number(t.attrs.response ?? dfltResponse) + delta;
        if (next <= 0) api.destroy(t.key);
        else api.set(t.key, 'response', next);
        return t.key;
      },
    });
  }

  api.action('teach-trick', {
    describe: 'With support and without objection (announce it first), Teach the Beast a new Trick: the changes its performance enacts (a change set) and optionally its Timing.',
    args: { name: 'string', changes: 'json', timing: 'string?', intent: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E71: Players Teach the Beast';
      if (!Array.isArray(ctx.args.changes)) return 'a Trick is a list of changes to the gamestate';
      if (ctx.args.timing != null && !['Anytime', 'Voting'].includes(String(ctx.args.timing))) return 'Rule 4E71: the Timing is Anytime or Voting';
      if (!viaIntent(ctx)) return 'Rule 4E71: this is done with support and without objection: announce it first (announce)';
    },
    perform(ctx) {
      return api.create('trick', { name: String(ctx.args.name), changes: ctx.args.changes as Json, timing: String(ctx.args.timing ?? 'Anytime'), response: dfltResponse, taughtBy: ctx.agent, performed: 0 }, { owner: null }).key;
    },
  });
}
