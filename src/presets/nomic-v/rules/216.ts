// Rule 216: persons join by requesting it publicly; a person plays as one player only.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const join = (person: string) => {
    api.create('player', { name: person, joinedAt: api.now() }, { id: person, owner: null });
    api.emit('player-joined', { player: person });
    return 'player/' + person;
  };

  api.action('join', {
    describe: 'Publicly request to become a player.',
    legal(ctx) {
      if (!ctx.person) return 'only a person can join';
      if (api.get('player/' + ctx.person)) return 'Rule 216: you are already a player, and a person may not act as several players';
    },
    perform: (ctx) => join(ctx.person),
  });

  // A public request may also be a message: "I would like to join", "I wish to join the game",
  // "Can I join?", "join".
  api.on('message', (e) => {
    const text = String(e.payload.text ?? '');
    if (!/^\s*(?:(?:i\s+(?:would\s+like|wish|want|request|ask|hereby\s+request|hope)|i['’]d\s+like)\s+to\s+(?:join|become\s+a\s+player)|(?:please\s+)?let\s+me\s+join|(?:can|may|could)\s+i\s+(?:please\s+)?(?:join|become\s+a\s+player)|i\s+am\s+joining|i['’]m\s+joining|(?:(?:i\s+)?request(?:ing)?\s+to\s+)?join(?:\s+the\s+game)?\s*[.!]?\s*$)/i.test(text)) return;
    if (!e.payload.person || api.get('player/' + e.payload.person)) return;
    // Rule 115: where a channel is designated for it, only there.
    const channel = e.payload.medium?.channel ? String(e.payload.medium.channel).trim().replace(/^#/, '').toLowerCase() : undefined;
    const designated = api.all('channel', (c) => ((c.attrs.actions as string[]) ?? []).includes('join')).map((c) => c.id);
    if (channel && designated.length > 0 && !designated.includes(channel)) return;
    api.perform('join', {}, { agent: e.payload.person, person: e.payload.person, medium: e.payload.medium });
  });

  api.on('setup', (e) => {
    for (const person of (e.payload.players ?? []) as string[]) if (!api.get('player/' + person)) join(person);
  });
}
