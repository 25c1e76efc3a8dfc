// Rule 325: if further play is impossible, or the Judge (not overruled) finds a move equally legal
// and illegal, the first player unable to complete a turn wins: the player whose turn it is.
// Winners include parties: a party wins when any of its players wins. This rule takes precedence
// over every other rule determining the winner.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  const decide = (why: string, mover: string | null) => {
    api.set('game/game', 'unplayable', why);
    if (mover) api.win(mover, `${why}: ${mover} is the first player unable to complete a turn (Rule 325)`);
    else api.log(`${why}, but no player has a turn (Rule 325)`);
  };

  api.on('cannot-complete', (e) => decide(`further play is impossible: ${e.payload.reason}`, game().turn ?? null));

  // A Judgment that the move is equally legal and illegal stands once the next turn begins unoverruled.
  api.on('turn-begins', () => {
    for (const j of api.all('judgment', (j) => j.attrs.status === 'decided' && j.attrs.undecidable === true && j.attrs.final !== true)) {
      api.set(j.key, 'final', true);
      if (game().winner == null) decide(`by the Judge's best reasoning (judgment ${j.id}, not overruled) a move is equally legal and illegal`, (j.attrs.mover as string) ?? null);
    }
  });

  api.on('win', (e) => {
    const parties: string[] = [];
    for (const w of (e.payload.winners ?? []) as string[]) {
      const party = api.all('party', (p) => p.attrs.status !== 'dissolved' && ((p.attrs.members as string[]) ?? []).includes(w))[0];
      if (party && !parties.includes(party.id)) parties.push(party.id);
    }
    for (const id of parties) api.set('party/' + id, 'won', true);
    if (parties.length) api.set('game/game', 'winningParties', [...new Set([...((game().winningParties as string[]) ?? []), ...parties])]);
  });
}
