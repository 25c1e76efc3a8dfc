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

  api.on('setup', (e) => {
    for (const person of (e.payload.players ?? []) as string[]) if (!api.get('player/' + person)) join(person);
  });
}
