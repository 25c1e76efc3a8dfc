// Rule 117: a person joins by posting a declaration that they are a member of this game, with the name
// they would like to be known by (`join`, `name`; default: their account name), and the e-mail address
// Rule 402 asks for (`email`; a join without one is accepted, the name standing for it). Names are unique
// (turns go in alphabetical order of names, Rule 325). A player who left may join again. A player
// a rule makes join is a bot player (Rule 384). The players a game starts with join at its start.
// A message from a person who is not a player declaring themselves a member ("I declare myself a
// member of this game", "I join Gnomic, call me Dave") joins too: the name is the one the message
// gives after "call me", "known as", "my name is" or "as", else the person's own.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const taken = (name: string, except: string) =>
    api.all('player', (p) => p.id !== except && p.attrs.left !== true && String(p.attrs.name).toLowerCase() === name.toLowerCase()).length > 0;

  const join = (person: string, name: string, email: string, atStart: boolean, bot: boolean) => {
    const attrs = { name, email, points: 0, pointsI: 0, active: true, joinedAt: api.now(), bot, left: false };
    if (api.get('player/' + person)) api.update('player/' + person, { ...attrs, forfeited: false, rejoinedAt: api.now() });
    else api.create('player', attrs, { id: person, owner: null });
    api.emit('player-joined', { player: person, atStart });
    return 'player/' + person;
  };

  api.action('join', {
    describe: 'Declare yourself a member of this game, with the name you would like to be known by (default: your own) and your e-mail address (Rule 402 requires one; without it your name stands for it).',
    args: { name: 'string?', email: 'string?' },
    legal(ctx) {
      const person = ctx.person || ctx.agent;
      if (!person) return 'only a person can join';
      const p = api.get('player/' + person);
      if (p && p.attrs.left !== true) return 'you are already a member of this game';
      const name = String(ctx.args.name ?? person).trim();
      if (!name) return 'Rule 117: your message must include a name by which you would like to be known';
      if (taken(name, person)) return `the name "${name}" is already taken`;
    },
    perform(ctx) {
      const person = ctx.person || ctx.agent;
      const name = String(ctx.args.name ?? person).trim();
      api.message('all', `${name} joins Gnomic.`);
      return join(person, name, String(ctx.args.email ?? '').trim() || name, false, ctx.invokedBy === 'rule');
    },
  });

  api.on('message', (e) => {
    const text = String(e.payload.text ?? '').trim();
    const person = String(e.payload.person ?? '');
    if (!text || !person) return;
    const p = api.get('player/' + person);
    if (p && p.attrs.left !== true) return;
    if (!/\b(member|join(?:s|ing)?|sign(?:s|ing)? up|enrol+s?)\b/i.test(text)) return;
    if (/\b(not|don'?t|do not|never)\b/i.test(text)) return;
    const m = text.match(/\b(?:call me|known as|my name is|name:|as)\s+["'“]?([A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)*)["'”]?/i);
    const email = text.match(/[\w.+-]+(?:@|\[at\])[\w.-]+(?:\.|\[dot\])[\w.\[\]]+/i);
    const args: Record<string, string> = {};
    if (m && !/^(a|an|the|player|member)$/i.test(m[1]!)) args.name = m[1]!;
    if (email) args.email = email[0]!;
    if (!args.name || taken(args.name, person)) delete args.name;
    api.perform('join', args, { agent: person, person });
  });

  api.on('setup', (e) => {
    for (const person of (e.payload.players ?? []) as string[]) if (!api.get('player/' + person)) join(person, person, person, true, false);
  });

  api.export('players', () => api.all('player', (p) => p.attrs.left !== true).map((p) => p.id));
}
