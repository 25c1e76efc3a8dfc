// Rule 4E61: DNA and twins. Every Player has a DNA (`dna`): two characters from A, T, G, C, 5, 2;
// AA by default. Once per nweek a Player who has not voted on any proposal still undecided (Pending
// or Open) may Mutate one character (`mutate`): m25 to go from two letters to a letter and a digit,
// m52 from a letter and a digit to two digits. Players with identical DNA are Twins (never oneself).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const alphabet = api.param('alphabet', {
    pattern: /uppercase letters ([A-Z]), ([A-Z]),\s+([A-Z]), and ([A-Z]), and the digits (\d) and (\d), and a Default Value of (\w+)\./,
    parse: (m) => ({ letters: [m[1]!, m[2]!, m[3]!, m[4]!], digits: [m[5]!, m[6]!], dflt: m[7]! }),
  });
  const [toOneDigit, toTwoDigits] = api.param('costs', { pattern: /letter and a digit, he must\s+pay m(\d+); if he changes from a letter and a digit to two digits, he\s+must pay m(\d+)/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const chars = [...alphabet.letters, ...alphabet.digits];
  const digits = (dna: string) => [...dna].filter((c) => alphabet.digits.includes(c)).length;
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('attribute/player.dna', { type: 'player', name: 'dna', range: { kind: 'pattern', pattern: `^[${chars.join('')}]{2}$` }, default: alphabet.dflt, rule: '4E61' });
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && p.attrs.dna === undefined) api.set(p.key, 'dna', alphabet.dflt);
  });

  const dna = (id: string) => {
    const p = api.get('player/' + id);
    return p ? String(p.attrs.dna ?? alphabet.dflt) : null;
  };
  api.export('twins', (a: string, b: string) => a !== b && dna(a) !== null && dna(a) === dna(b));

  const mutated = (ctx: { agent: string; args: JsonObject }) => {
    const now = dna(ctx.agent)!;
    const i = Number(ctx.args.position) - 1;
    return [...now].map((c, j) => (j === i ? String(ctx.args.to).toUpperCase() : c)).join('');
  };
  const cost = (from: string, to: string) => (digits(from) === 0 && digits(to) === 1 ? toOneDigit : digits(from) === 1 && digits(to) === 2 ? toTwoDigits : 0);

  api.action('mutate', {
    describe: 'Once per nweek, change one character of your DNA (position 1 or 2) to A, T, G, C, 5 or 2; m25 or m52 when you gain a digit.',
    args: { position: 'number', to: 'string' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p) return 'Rule 4E61: only Players Mutate';
      if (![1, 2].includes(Number(ctx.args.position))) return 'the position is 1 or 2';
      if (!chars.includes(String(ctx.args.to).toUpperCase())) return `Rule 4E61: DNA is made of ${chars.join(', ')}`;
      const nweek = Number(api.get('clock/clock')?.attrs.nweek ?? 0);
      if (p.attrs.mutatedNweek === nweek) return 'Rule 4E61: a Player may Mutate once per nweek; you have already Mutated this nweek';
      const voted = api.all('proposal', (q) => (q.attrs.bStatus === 'Pending' || q.attrs.bStatus === 'Open') && Boolean((q.attrs.votes as JsonObject | undefined)?.[ctx.agent]));
      if (voted.length) return `Rule 4E61: you have voted on proposal ${voted[0]!.attrs.number ?? voted[0]!.id}, which is still undecided`;
      const next = mutated(ctx as never);
      if (next === dna(ctx.agent)) return 'that is your DNA already';
      const price = cost(dna(ctx.agent)!, next);
      if (price > Number(p.attrs.mackerel ?? 0)) return `Rule 4E61: this Mutation costs m${price}; you have m${p.attrs.mackerel ?? 0}`;
    },
    perform(ctx) {
      const p = api.get('player/' + ctx.agent)!;
      const next = mutated(ctx as never);
      const price = cost(dna(ctx.agent)!, next);
      api.update(p.key, { dna: next, mutatedNweek: Number(api.get('clock/clock')?.attrs.nweek ?? 0), mackerel: Number(p.attrs.mackerel ?? 0) - price });
      return p.key;
    },
  });
}
