// Rule 328: a player may transfer gold from their own account to another player's, or to the
// treasury of the party they belong to, declared in #game (an input from another channel is refused;
// the web and the CLI carry none). Trading limits of expeditions and mining runs apply (Rule 334).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const gold = (name: string) => Number(api.get('player/' + name)?.attrs.gold ?? 0);
  const partyOf = (name: string) => api.all('party', (p) => p.attrs.status !== 'dissolved' && ((p.attrs.members as string[]) ?? []).includes(name))[0];
  const findParty = (ref: string) => api.get('party/' + ref) ?? api.all('party', (p) => String(p.attrs.name).toLowerCase() === ref.toLowerCase() && p.attrs.status !== 'dissolved')[0];

  api.action('transfer', {
    describe: 'Transfer gold to another player, or to the treasury of your own party (`to` names the player or the party).',
    args: { to: 'string', amount: 'number', currency: 'string?' },
    legal(ctx) {
      if (ctx.medium?.channel && ctx.medium.channel !== 'game') return 'Rule 328: transfers must be declared in #game';
      if (!api.get('player/' + ctx.agent)) return 'only players have gold';
      if (ctx.args.currency != null && String(ctx.args.currency).toLowerCase() !== 'gold') return 'Rule 328 transfers gold only';
      const amount = Number(ctx.args.amount);
      if (!Number.isInteger(amount) || amount <= 0) return 'the amount must be a positive whole number of gold';
      if (gold(ctx.agent) < amount) return `Rule 307: you have ${gold(ctx.agent)} gold`;
      const to = String(ctx.args.to);
      if (api.get('player/' + to)) {
        if (to === ctx.agent) return 'you cannot transfer to yourself';
        const blocked = api.imported('334', 'tradeBlocked') ? api.call<string | null>('334', 'tradeBlocked', ctx.agent, to) : null;
        return blocked ?? undefined;
      }
      const party = findParty(to);
      if (!party) return `there is no player or party "${to}"`;
      if (partyOf(ctx.agent)?.id !== party.id) return 'Rule 328: you may transfer gold only to the party you belong to';
    },
    perform(ctx) {
      const amount = Number(ctx.args.amount);
      const to = String(ctx.args.to);
      api.set('player/' + ctx.agent, 'gold', gold(ctx.agent) - amount);
      if (api.get('player/' + to)) api.set('player/' + to, 'gold', gold(to) + amount);
      else {
        const party = findParty(to)!;
        api.set(party.key, 'treasury', Number(party.attrs.treasury ?? 0) + amount);
      }
      api.emit('gold-transferred', { from: ctx.agent, to, amount });
    },
  });
}
