// Rule 4E32: Tidiness Lists. Any Player may correct spelling, capitalization and other trivial
// errors in the rules without objection, the time limit for objections being five ndays, by a
// Tidiness List (`submit-tidiness-list`, announced through 4E21: a list of {rule, from, to}). When
// its corrections take place, its submitter gains one point for every three errors corrected.
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const days = api.param('objection time', { pattern: /time limit on objections for\s+tidiness lists is set to (\w+) ndays/, parse: (m) => ({ five: 5, four: 4, three: 3, six: 6 } as Record<string, number>)[m[1]!] ?? Number(m[1]) });
  const per = api.param('points per errors', { pattern: /one point for every (\w+) errors/, parse: (m) => ({ three: 3, two: 2, four: 4, five: 5 } as Record<string, number>)[m[1]!] ?? Number(m[1]) });
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
  const normalize = (r: unknown) => (api.imported('4E36', 'normalize') ? api.call<string>('4E36', 'normalize', r) : String(r));
  const ensure = () => declare('gate/submit-tidiness-list', { action: 'submit-tidiness-list', objections: 1, delay: days, unit: 'nday', rule: '4E32' });
  api.on('setup', ensure);
  api.settle(ensure);

  api.action('submit-tidiness-list', {
    describe: 'Without objection within five ndays (announce it first), correct trivial errors in the rules: `corrections` is a list of {rule, from, to}.',
    args: { corrections: 'json', intent: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E32: Players submit Tidiness Lists';
      const list = ctx.args.corrections;
      if (!Array.isArray(list) || !list.length) return 'a Tidiness List lists errors and their corrections';
      for (const c of list as JsonObject[]) if (!c || typeof c.from !== 'string' || typeof c.to !== 'string' || !api.rule(normalize(c.rule))) return 'each correction is {rule, from, to} for an existing rule';
      if (!viaIntent(ctx)) return 'Rule 4E32: a Tidiness List is submitted without objection: announce it first (announce)';
    },
    perform(ctx) {
      const list = ctx.args.corrections as { rule: string; from: string; to: string }[];
      const byRule = new Map<string, { from: string; to: string }[]>();
      for (const c of list) byRule.set(normalize(c.rule), [...(byRule.get(normalize(c.rule)) ?? []), { from: c.from, to: c.to }]);
      const r = api.applyChanges([...byRule].map(([rule, replace]) => ({ amend: { rule, replace } })), { cause: `tidiness list of ${ctx.agent}` });
      if (!r.ok) api.refuse(`Rule 4E32: the corrections cannot take place: ${r.error}`);
      const gained = Math.floor(list.length / per);
      const p = api.get('player/' + ctx.agent)!;
      if (gained) api.set(p.key, 'points', Number(p.attrs.points ?? 0) + gained);
      return gained;
    },
  });
}
