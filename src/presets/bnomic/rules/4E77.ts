// Rule 4E77: Tweaks. A Player may submit one Tweak per nweek (`submit-tweak`: changes to the rules or
// the game state; it cannot be revised). Without Objection (`activate-tweak`, announced through
// 4E21), he may Activate a Tweak he submitted in the current or previous nweek, once: a second
// attempt is refused. Its changes then take effect.
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const numbered = (list: any[]): any[] => (api.imported('4E36', 'numberEnacts') ? api.call<any[]>('4E36', 'numberEnacts', list) : list.map((c: any) => (c && c.enact ? { enact: { ...c.enact, number: '' } } : c)));
  api.param('one per nweek', { pattern: /A Player may submit a single Tweak per\s+nweek/ });
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
  const ensure = () => declare('gate/activate-tweak', { action: 'activate-tweak', objections: 1, rule: '4E77' });
  api.on('setup', ensure);
  api.settle(ensure);

  api.action('submit-tweak', {
    describe: 'Submit a Tweak: changes to the rules or game state (text, or `changes` as data). One per nweek; it cannot be revised.',
    args: { text: 'string', changes: 'json?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E77: Players submit Tweaks';
      if (api.all('tweak', (t) => t.attrs.by === ctx.agent && t.attrs.nweek === nweek()).length) return 'Rule 4E77: a Player may submit a single Tweak per nweek';
      if (ctx.args.changes != null && !Array.isArray(ctx.args.changes)) return 'changes must be a list';
    },
    perform(ctx) {
      const text = String(ctx.args.text);
      const strip = (t: string) => (api.imported('4E5', 'stripComments') ? api.call<string>('4E5', 'stripComments', t) : t);
      const changes = (ctx.args.changes ?? (api.imported('4E15', 'readBody') ? api.call('4E15', 'readBody', text) : api.lib.parseProposal(strip(text)).changes)) as Json;
      return api.create('tweak', { text, changes, by: ctx.agent, nweek: nweek(), at: ctx.now, status: 'submitted' }, { owner: null }).key;
    },
  });

  // Announcing the Activation is the attempt: a Tweak may be announced for Activation only once.
  api.check('announce', (ctx) => {
    if (ctx.args.action !== 'activate-tweak') return undefined;
    const id = String((ctx.args.args as JsonObject | null)?.tweak ?? '');
    const t = api.get('tweak/' + id);
    if (!t) return `there is no Tweak ${id}`;
    if (t.attrs.by !== ctx.agent) return 'Rule 4E77: a Player Activates a Tweak he submitted';
    if (t.attrs.attempted === true) return 'Rule 4E77: you have previously attempted to Activate this Tweak';
    return undefined;
  });
  api.on('intent-announced', (e) => {
    const i = api.get('intent/' + e.payload.intent);
    if (i?.attrs.action !== 'activate-tweak') return;
    const t = api.get('tweak/' + (i.attrs.args as JsonObject).tweak);
    if (t) api.set(t.key, 'attempted', true);
  });

  api.action('activate-tweak', {
    describe: 'Without Objection (announce it first), Activate a Tweak you submitted this nweek or the last: its changes take effect.',
    args: { tweak: 'string', intent: 'string?' },
    legal(ctx) {
      const t = api.get('tweak/' + ctx.args.tweak);
      if (!t) return `there is no Tweak ${ctx.args.tweak}`;
      if (t.attrs.by !== ctx.agent) return 'Rule 4E77: a Player Activates a Tweak he submitted';
      if (Number(t.attrs.nweek) < nweek() - 1) return 'Rule 4E77: the Tweak was not submitted during the current or previous nweek';
      if (t.attrs.status !== 'submitted') return `the Tweak is ${t.attrs.status}`;
      if (!viaIntent(ctx)) return 'Rule 4E77: a Tweak is Activated without Objection: announce it first (announce)';
    },
    perform(ctx) {
      const t = api.get('tweak/' + ctx.args.tweak)!;
      const normalize = (r: unknown) => (api.imported('4E36', 'normalize') ? api.call<string>('4E36', 'normalize', r) : String(r));
      const changes = numbered(((t.attrs.changes as any[]) ?? []).map((c: any) => {
        const kind = c && Object.keys(c)[0];
        if (kind === 'enact') return c;
        if (kind && c[kind] && c[kind].rule !== undefined) return { [kind]: { ...c[kind], rule: normalize(c[kind].rule) } };
        return c;
      }));
      const invalid = api.imported('4E75', 'invalid') ? api.call<string | null>('4E75', 'invalid', changes) : null;
      if (invalid) api.refuse(invalid);
      const r = api.applyChanges(changes, { cause: `tweak ${t.id} of ${t.attrs.by}` });
      if (!r.ok) api.refuse(`the Tweak's changes cannot take effect: ${r.error}`);
      api.update(t.key, { status: 'activated', activatedAt: ctx.now });
      return t.key;
    },
  });
}
