// Rule 4E40: Threat Awareness. The Threat Awareness Flagpole (`flagpole/threat-awareness`) flies
// the Threat Flag: Pink Ponies (default), Polka Dots, Setting Orange, Jolly Roger or Black Watch
// Plaid. The MoM may hoist any but the last, at most once per nday (`hoist-flag`). Four or more
// Paranoid PEPs (4E0) raise Black Watch Plaid; when fewer remain it comes down to Jolly Roger.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const flags = api.param('flags', { pattern: /a Range of either "([^"]+)", "([^"]+)", "([^"]+)", "([^"]+)", or "([^"]+)"/, parse: (m) => [1, 2, 3, 4, 5].map((i) => m[i]!.replace(/\s+/g, ' ')) });
  const threshold = api.param('paranoia threshold', { pattern: /there are (\w+) or more PEPs who are Paranoid/, parse: (m) => ({ four: 4, three: 3, five: 5 } as Record<string, number>)[m[1]!] ?? Number(m[1]) });
  const [dflt, , , fallback, imminent] = flags as [string, string, string, string, string];
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    declare('attribute/flagpole.flag', { type: 'flagpole', name: 'flag', range: { kind: 'enum', values: flags }, default: dflt, rule: '4E40' });
    if (!api.get('flagpole/threat-awareness')) api.create('flagpole', { flag: dflt, hoistedCount: null }, { id: 'threat-awareness' });
  };
  api.on('setup', ensure);
  const paranoid = () => (api.imported('4E0', 'paranoid') ? api.call<number>('4E0', 'paranoid') : 0);
  api.settle(() => {
    ensure();
    const pole = api.get('flagpole/threat-awareness')!;
    const n = paranoid();
    if (n >= threshold && pole.attrs.flag !== imminent) api.set(pole.key, 'flag', imminent);
    else if (n < threshold && pole.attrs.flag === imminent) api.set(pole.key, 'flag', fallback);
  });

  // "hoisting the X flag" names the value X: "the Jolly Roger flag" is Jolly Roger.
  const flagName = (v: unknown) => String(v).trim().toLowerCase().replace(/^the\s+/, '').replace(/\s+flag$/, '').replace(/\s+/g, ' ');
  api.action('hoist-flag', {
    describe: `As the MoM, set the Threat Flag to ${flags.slice(0, 4).join(', ')} (at most once per nday).`,
    args: { flag: 'string' },
    legal(ctx) {
      if (api.get('ministry/ministry')?.attrs.holder !== ctx.agent) return 'Rule 4E40: the Minister of Ministries hoists the Threat Flag';
      const flag = flags.slice(0, 4).find((f) => f.toLowerCase() === flagName(ctx.args.flag));
      if (!flag) return `Rule 4E40: the MoM may hoist ${flags.slice(0, 4).join(', ')}`;
      if (api.get('flagpole/threat-awareness')?.attrs.hoistedCount === api.get('clock/clock')?.attrs.count) return 'Rule 4E40: the Threat Flag shall not be changed more than once per nday';
    },
    perform(ctx) {
      const flag = flags.slice(0, 4).find((f) => f.toLowerCase() === flagName(ctx.args.flag))!;
      api.update('flagpole/threat-awareness', { flag, hoistedCount: (api.get('clock/clock')?.attrs.count ?? null) as number | null, hoistedBy: ctx.agent });
      return 'flagpole/threat-awareness';
    },
  });
}
