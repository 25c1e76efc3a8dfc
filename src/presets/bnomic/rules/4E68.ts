// Rule 4E68: Socks. Socks (`sock/ID`) have a Sock Color (Blue by default) and a Sockholder, a
// Potential Sockholder: The Company (`company/company`), a Player, or a Corporation (4E79). No Sock
// exists until something creates one. A Player with at least m80 buys a Sock of a color the Company
// holds (`buy-sock`, m80 to pay); a Player gives a Sock of a color to another Potential Sockholder
// (`give-sock`).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const colors = api.param('colors', { pattern: /"Sock Color" with a Scope of all\s+Socks, a Range of \{([^}]+)\},\s+and a Default Value of (\w+)/, parse: (m) => ({ all: m[1]!.split(',').map((c) => c.replace(/\s+/g, ' ').trim()), dflt: m[2]! }) });
  const price = api.param('price', { pattern: /mackerel\s+is decreased by m(\d+)/, parse: (m) => Number(m[1]) });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => {
    declare('attribute/sock.color', { type: 'sock', name: 'color', range: { kind: 'enum', values: colors.all }, default: colors.dflt, rule: '4E68' });
    declare('attribute/sock.holder', { type: 'sock', name: 'holder', default: 'company/company', rule: '4E68' });
    if (!api.get('company/company')) api.create('company', { name: 'The Company' }, { id: 'company' });
  };
  const color = (c: unknown) => colors.all.find((x) => x.toLowerCase() === String(c ?? '').trim().toLowerCase());
  const holderKey = (ref: unknown) => {
    const s = String(ref ?? '');
    if (s.toLowerCase() === 'company' || s.toLowerCase() === 'the company' || s === 'company/company') return 'company/company';
    const o = s.includes('/') ? api.get(s) : api.get('player/' + s) ?? api.all('corporation', (c) => c.attrs.name === s)[0];
    return o && ['player', 'corporation'].includes(o.type) ? o.key : null;
  };
  // A Sock made by a scenario's `set`, a proposal or a device may spell its attributes as the rule
  // does ("Sock Color", "Sockholder") and name its holder plainly ("alice", "Company"): each gets
  // its `color` (Blue by default) and its `holder` (an object key; The Company by default).
  const tidy = () => {
    for (const s of api.all('sock')) {
      const a = s.attrs as JsonObject;
      const c = color(a.color ?? a.sockColor ?? a['Sock Color'] ?? colors.dflt) ?? null;
      const h = holderKey(a.holder ?? a.sockholder ?? a.Sockholder ?? a.owner ?? 'company/company') ?? String(a.holder ?? 'company/company');
      if (c !== null && a.color !== c) api.set(s.key, 'color', c);
      if (a.holder !== h) api.set(s.key, 'holder', h);
    }
  };
  api.on('setup', () => { ensure(); tidy(); });
  api.settle(() => { ensure(); tidy(); });
  const sockOf = (holder: string, c: string) => api.all('sock', (s) => s.attrs.holder === holder && s.attrs.color === c)[0];

  api.action('buy-sock', {
    describe: 'Buy a Sock of a Sock Color from the Company (m80; you need at least m80 and the Company a Sock of that color).',
    args: { color: 'string' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'Rule 4E68: Players purchase Socks';
      const c = color(ctx.args.color);
      if (!c) return `Rule 4E68: a Sock Color is one of ${colors.all.join(', ')}`;
      if (Number(p.attrs.mackerel ?? 0) < price) return `Rule 4E68: you need at least m${price}`;
      if (!sockOf('company/company', c)) return `Rule 4E68: the Company owns no ${c} Sock`;
    },
    perform(ctx) {
      const p = api.get('player/' + ctx.agent)!;
      const s = sockOf('company/company', color(ctx.args.color)!)!;
      api.set(p.key, 'mackerel', Number(p.attrs.mackerel) - price);
      api.set(s.key, 'holder', p.key);
      return s.key;
    },
  });

  api.action('give-sock', {
    describe: 'Transfer a Sock of a color you hold to another Potential Sockholder (a Player, a Corporation, or the Company).',
    args: { color: 'string', to: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E68: a Player transfers Socks';
      const c = color(ctx.args.color);
      if (!c || !sockOf('player/' + ctx.agent, c)) return `you hold no ${ctx.args.color} Sock`;
      if (!holderKey(ctx.args.to)) return `Rule 4E68: ${ctx.args.to} is not a Potential Sockholder`;
    },
    perform(ctx) {
      const s = sockOf('player/' + ctx.agent, color(ctx.args.color)!)!;
      api.set(s.key, 'holder', holderKey(ctx.args.to)!);
      return s.key;
    },
  });
}
