// Rule 307: gold and classes. Players start with 0 gold and cannot spend more than they have
// (`spend` refuses; the Extreme Accountant's discount, Rule 333, applies to spending other than
// class changes). A classless player chooses one class from this rule's list; a player who has one
// changes it only during their own turn, for 100 gold.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const startGold = api.param('starting gold', { pattern: /start out with (\d+) gold/, parse: (m) => Number(m[1]) });
  const changeCost = api.param('class change cost', { pattern: /during their turn for (\d+) gold/, parse: (m) => Number(m[1]) });
  const classes = api.param('classes', {
    pattern: /eligible classes are:\s*\n([\s\S]*)$/,
    parse: (m) => m[1]!.split('\n').map((l) => l.match(/^\s*[•*\-–]\s*(.+?)\s*$/)?.[1]).filter((c): c is string => Boolean(c)),
  });
  const game = () => api.get('game/game')!.attrs as any;
  const player = (name: string) => api.get('player/' + name);
  const gold = (name: string) => Number(player(name)?.attrs.gold ?? 0);

  /** Spends gold on something: refuses when the player has too little. Returns what was paid. */
  const spend = (name: string, cost: number, what: string, opts: { noDiscount?: boolean } = {}) => {
    const price = !opts.noDiscount && api.imported('333', 'discounted') ? api.call<number>('333', 'discounted', name, cost) : cost;
    if (gold(name) < price) api.refuse(`Rule 307: ${name} has ${gold(name)} gold and cannot spend ${price} on ${what}`);
    api.set('player/' + name, 'gold', gold(name) - price);
    return price;
  };
  const earn = (name: string, amount: number, _why?: string) => {
    if (player(name)) api.set('player/' + name, 'gold', gold(name) + amount);
  };
  /** Loses gold (a fine, a cost of living): never below 0. Returns what was lost. */
  const lose = (name: string, amount: number, _why?: string) => {
    const lost = Math.min(gold(name), amount);
    if (player(name)) api.set('player/' + name, 'gold', gold(name) - lost);
    return lost;
  };
  api.export('gold', gold);
  api.export('spend', spend);
  api.export('earn', earn);
  api.export('lose', lose);
  api.export('classes', () => classes);

  api.on('player-joined', (e) => api.update('player/' + e.payload.player, { gold: startGold, class: null }));

  const chooseClassAction = {
    describe: `Choose your class (${classes.join(', ')}); a player who has one may change it during their own turn for ${changeCost} gold.`,
    args: { class: 'string' },
    legal(ctx) {
      const p = player(ctx.agent);
      if (!p) return 'only players have a class';
      if (p.attrs.active !== true) return 'only players with player status may choose a class';
      const wanted = classes.find((c) => c.toLowerCase() === String(ctx.args.class).toLowerCase());
      if (!wanted) return `Rule 307: the eligible classes are ${classes.join(', ')}`;
      if (p.attrs.class == null) return undefined;
      if (p.attrs.class === wanted) return `you are already a ${wanted}`;
      if (game().turn !== ctx.agent) return 'Rule 307: you can change your class only during your turn';
    },
    perform(ctx) {
      const p = player(ctx.agent)!;
      const wanted = classes.find((c) => c.toLowerCase() === String(ctx.args.class).toLowerCase())!;
      if (p.attrs.class != null) {
        spend(ctx.agent, changeCost, 'changing class', { noDiscount: true });
        api.update(p.key, { class: wanted, classChangedTurn: Number(game().turnNumber ?? 0) });
      } else {
        api.update(p.key, { class: wanted, classChosenAt: ctx.now });
      }
      api.emit('class-chosen', { player: ctx.agent, class: wanted });
      return p.key;
    },
  } satisfies Parameters<RuleApi['action']>[1];
  api.action('choose-class', chooseClassAction);
  api.action('change-class', { ...chooseClassAction, describe: 'The same as `choose-class` (Rule 307 speaks of changing a class).' });
}
