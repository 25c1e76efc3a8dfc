// Rule 4E36: Rules. Rules are numbered "4E" plus the lowest number never used; a new rule arrives
// unnumbered and the Minister of Law (the Rulekeeper) is obligated to number it (`number-rule`);
// a reference to a rule by a bare number means the 4E rule. The Rulekeeper may change a rule's
// Title without Objection (`retitle-rule`, announced through 4E21).
import type { RuleApi, ActionContext } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const prefix = api.param('prefix', { pattern: /prefixed with the notation "(\w+)"/ });
  const holder = (m: string) => (api.get('ministry/' + m)?.attrs.holder ?? null) as string | null;
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
  const oblige = (duty: string, ref: string, what: string) => { if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', 'law', duty, ref, what); };
  const fulfil = (duty: string, ref: string) => { if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'law', duty, ref); };
  const normalize = (ref: unknown) => (/^\d+$/.test(String(ref).trim()) ? `${prefix}${String(ref).trim()}` : String(ref).trim());

  const ensure = () => {
    if (!api.get('ministry/law')) api.create('ministry', { name: 'Ministry of Law', minister: 'Minister of Law', title: 'Rulekeeper', aliases: ['Law'], holder: null, mini: false, rule: '4E36', history: [] }, { id: 'law' });
    declare('gate/retitle-rule', { action: 'retitle-rule', objections: 1, rule: '4E36', who: 'law' });
  };
  api.on('setup', () => {
    ensure();
    // Numbers up to the highest rule of the ruleset were used in earlier play: the set starts above.
    const used = api.all('rule').map((r) => Number(String(r.attrs.number).replace(prefix, ''))).filter(Number.isInteger);
    api.set('ministry/law', 'usedUpTo', used.length ? Math.max(...used) : -1);
  });
  api.settle(ensure);

  // A new rule (enacted unnumbered by 4E15, 4E18, 4E77, ...) obligates the Rulekeeper.
  api.on('rule-changed', (e) => {
    if (e.payload.kind !== 'enact') return;
    for (const r of api.all('rule', (r) => r.attrs.number === '')) oblige('number-rule', r.id, `number the new rule "${r.attrs.title || r.id}"`);
  });

  const lowestAvailable = (extra: string[] = []) => {
    const taken = new Set([...api.all('rule'), ...api.all('repealed-rule')].map((r) => String(r.attrs.number)).concat(extra));
    for (let n = Number(api.get('ministry/law')?.attrs.usedUpTo ?? -1) + 1; ; n++) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
  };

  // The rule to number: by id, or by its title; none named: every unnumbered rule, oldest first.
  const unnumbered = () => api.all('rule', (r) => r.attrs.number === '');
  const target = (ref: unknown) => {
    if (ref === undefined || ref === null) return undefined;
    return api.rule(String(ref)) ?? unnumbered().map((r) => api.rule(r.id)!).find((r) => r.title === String(ref));
  };
  api.action('number-rule', {
    describe: 'As the Rulekeeper, give a new (unnumbered) rule the lowest number available (no rule named: every unnumbered rule, in the order they were created).',
    args: { rule: 'string?' },
    legal(ctx) {
      if (holder('law') !== ctx.agent) return 'Rule 4E36: the Minister of Law numbers rules';
      if (ctx.args.rule == null) return unnumbered().length ? undefined : 'every rule has a number';
      const r = target(ctx.args.rule);
      if (!r) return `there is no rule ${ctx.args.rule}`;
      if (r.number !== '') return `rule ${r.number} already has a number`;
    },
    perform(ctx) {
      const rules = ctx.args.rule == null ? unnumbered().map((r) => api.rule(r.id)!) : [target(ctx.args.rule)!];
      for (const r of rules) {
        const number = lowestAvailable();
        api.change.renumber(r.id, number, { cause: `rulekeeper ${ctx.agent} numbered a new rule` });
        fulfil('number-rule', r.id);
      }
      return rules.length === 1 ? 'rule/' + rules[0]!.id : rules.length;
    },
  });

  api.action('retitle-rule', {
    describe: "As the Rulekeeper, change a rule's Title; without Objection (announce it first).",
    args: { rule: 'string', title: 'string', intent: 'string?' },
    legal(ctx) {
      if (holder('law') !== ctx.agent) return 'Rule 4E36: only the Rulekeeper may change a Title';
      if (!api.rule(normalize(ctx.args.rule))) return `there is no rule ${ctx.args.rule}`;
      if (!viaIntent(ctx)) return 'Rule 4E36: a Title is changed without Objection: announce the intent first (announce)';
    },
    perform(ctx) {
      api.change.retitle(normalize(ctx.args.rule), String(ctx.args.title), { cause: `rulekeeper ${ctx.agent} retitled without objection` });
    },
  });

  api.export('normalize', normalize);
  // A change set's new rules: one that asks for the lowest number available (bare or with "4E")
  // keeps it, since that is the number the Rulekeeper would assign; any other arrives unnumbered
  // and the Rulekeeper numbers it.
  api.export('numberEnacts', (changes: any[]) => {
    const taken: string[] = [];
    return (changes ?? []).map((c: any) => {
      if (!c || typeof c !== 'object' || !c.enact) return c;
      const asked = c.enact.number;
      if (asked === undefined || asked === null || String(asked).trim() === '') return { enact: { ...c.enact, number: '' } };
      const n = normalize(asked);
      if (n !== lowestAvailable(taken)) return { enact: { ...c.enact, number: '' } };
      taken.push(n);
      return { enact: { ...c.enact, number: n } };
    });
  });
}
