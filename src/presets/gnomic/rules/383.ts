// Rule 383: any player may shout "UNRULEWORTHY!!!" at a current proposal (`shout-unruleworthy`) on one
// of the grounds this rule lists, or another rule adds (Rule 410); the proposal is then repealed
// instantaneously: it and every meta-amendment of it become void. Whether the ground really holds is
// for the Judge. (Rule 418: "proposal" here means any proposed rule change, meta-amendments too.)
// `ground` is a ground's key or the shouter's words ("it is seriously unclear", "redundant with
// Rule 204"), matched by their key words; a shout that gives no ground is accepted (the ground is
// then for the Judge), one whose words match no ground is refused. `reason` is read as `ground`.
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
  const KEYWORDS: [RegExp, string][] = [
    [/win/i, 'wins-within-two-turns'],
    [/self[- ]?contradict|contradicts itself/i, 'self-contradictory'],
    [/redundan/i, 'redundant'],
    [/contradict|conflict/i, 'contradicts'],
    [/unclear|vague|ambiguous/i, 'unclear'],
    [/disadvantage|unfair/i, 'disadvantage'],
    [/offen/i, 'offensive'],
    [/nothing new|new aspect|no new|nothing-new|pointless/i, 'nothing-new'],
    [/obfuscat/i, 'obfuscated'],
  ];
  /** The key of the ground the shouter names, '' when none is named, null when none matches. */
  const groundOf = (args: Readonly<Record<string, unknown>>): string | null => {
    const said = String(args.ground ?? args.reason ?? '').trim();
    if (!said) return '';
    const all = grounds();
    const key = said.toLowerCase().replace(/\s+/g, '-');
    if (key in all) return key;
    for (const [re, k] of KEYWORDS) if (re.test(said) && k in all) return k;
    const byText = Object.keys(all).find((k) => all[k]!.toLowerCase().includes(said.toLowerCase()));
    return byText ?? null;
  };
  const find = (ref: unknown) => {
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ref) : String(ref);
    return id ? api.get('proposal/' + id) : undefined;
  };

  api.action('shout-unruleworthy', {
    describe: `Shout "UNRULEWORTHY!!!" at a current proposal or meta-amendment: it is repealed at once. \`ground\` (optional; \`reason\` is read the same): ${Object.keys(GROUNDS).join(', ')} (and any a rule adds, such as Rule 410's obfuscated), or your own words naming one. A message "UNRULEWORTHY!!! 301 ..." shouts too.`,
    args: { proposal: 'json', ground: 'string?', reason: 'string?' },
    legal(ctx) {
      const p = api.get('player/' + ctx.agent);
      if (!p || p.attrs.left === true) return 'only players may shout';
      const h = find(ctx.args.proposal);
      if (!h) return `there is no proposal ${ctx.args.proposal}`;
      if (h.attrs.status !== 'voting') return `Rule 383: only a current proposal can be shouted at; this one is ${h.attrs.status}`;
      if (groundOf(ctx.args) === null) return `Rule 383: the grounds are ${Object.keys(grounds()).join(', ')}`;
    },
    perform(ctx) {
      const h = find(ctx.args.proposal)!;
      const ground = groundOf(ctx.args)!;
      const why = ground ? grounds()[ground]! : 'no ground stated';
      api.message('all', `${ctx.agent}: UNRULEWORTHY!!! ${h.attrs.kind} ${h.attrs.number} ("${h.attrs.title}"): ${why}.`);
      api.call('104', 'voidHack', h.id, `shouted UNRULEWORTHY by ${ctx.agent}: ${why} (Rule 383)`);
      api.update(h.key, { unruleworthy: { by: ctx.agent, ground: ground || null } });
      return h.key;
    },
  });

  // A shout posted as a message: "UNRULEWORTHY!!! 301 is seriously unclear" (the only current
  // proposal when it names none).
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '');
    if (!/UNRULEWORTHY/i.test(text)) return;
    const named = text.replace(/UNRULEWORTHY!*/gi, ' ').match(/(?:#|\b)(\d{3,}(?:\+\d+i)?)(?![\w+])/);
    let target = named ? find(named[1]) : undefined;
    if (!named) {
      const current = api.all('proposal', (p) => p.attrs.status === 'voting');
      if (current.length === 1) target = current[0];
    }
    if (!target) return;
    const ground = text.replace(/UNRULEWORTHY!*/gi, '').replace(/(?:#|\b)\d{3,}(?:\+\d+i)?(?![\w+])/, '').trim();
    const person = String(e.payload.person);
    api.perform('shout-unruleworthy', { proposal: target.id, ground: groundOf({ ground }) === null ? '' : ground }, { agent: person, person });
  });
}
