// Rule 383: any player may shout "UNRULEWORTHY!!!" at a current proposal (`shout-unruleworthy`) on one
// of the grounds this rule lists, or another rule adds (Rule 410); the proposal is then repealed
// instantaneously: it and every meta-amendment of it become void. Whether the ground really holds is
// for the Judge. (Rule 418: "proposal" here means any proposed rule change, meta-amendments too.)
import type { RuleApi } from '../../../kernel/rule-api.js';

const GROUNDS: Record<string, string> = {
  'wins-within-two-turns': 'it would cause a player to win the game within two turns',
  redundant: 'it is redundant with an existing or proposed rule',
  contradicts: 'it contradicts one of the current rules',
  'self-contradictory': 'it contradicts itself',
  unclear: 'it is seriously unclear',
  disadvantage: 'it would cause a major disadvantage to a certain player or group of players',
  offensive: 'it could offend a certain group of players',
  'nothing-new': 'it does not bring any new aspect to the gameplay',
};

export default function (api: RuleApi) {
  api.export('unruleworthyGrounds', GROUNDS);
  const grounds = () => {
    const all: Record<string, string> = {};
    for (const r of api.rules()) {
      const g = api.imported(r.number, 'unruleworthyGrounds');
      if (g && typeof g === 'object') Object.assign(all, g);
    }
    return all;
  };
  const find = (ref: unknown) => {
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ref) : String(ref);
    return id ? api.get('proposal/' + id) : undefined;
  };

  api.action('shout-unruleworthy', {
    describe: `Shout "UNRULEWORTHY!!!" at a current proposal or meta-amendment: it is repealed at once. \`ground\`: ${Object.keys(GROUNDS).join(', ')} (and any a rule adds, such as Rule 410's obfuscated).`,
    args: { proposal: 'json', ground: 'string' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'only players may shout';
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (h.attrs.status !== 'voting') return `Rule 383: only a current proposal can be shouted at; this one is ${h.attrs.status}`;
      const all = grounds();
      if (!(String(ctx.args.ground) in all)) return `Rule 383: the grounds are ${Object.keys(all).join(', ')}`;
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      const ground = String(ctx.args.ground);
      api.message('all', `${ctx.agent}: UNRULEWORTHY!!! ${h.attrs.kind} ${h.attrs.number} ("${h.attrs.title}"): ${grounds()[ground]}.`);
      api.call('104', 'voidHack', h.id, `shouted UNRULEWORTHY by ${ctx.agent}: ${grounds()[ground]} (Rule 383)`);
      api.update(h.key, { unruleworthy: { by: ctx.agent, ground } });
      return h.key;
    },
  });
}
