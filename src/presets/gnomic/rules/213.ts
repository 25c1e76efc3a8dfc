// Rule 213: if the rules are changed so that further play is impossible (the rules cannot complete an
// input: the engine's "cannot-complete"), or the Judge finds a move equally legal and illegal (`judge`
// with `undecidable`), the first player unable to complete a turn, the player whose turn it is, is
// the winner. This rule takes precedence over every other rule determining the winner: its decision
// replaces any other.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const decide = (why: string) => {
    const player = api.get('game/game')!.attrs.turn as string | null | undefined;
    api.set('game/game', 'unplayable', why);
    if (player) api.win(player, `${why}: ${player}, whose turn it is, is the first player unable to complete a turn (Rule 213)`);
    else api.log(`${why}, and it is nobody's turn (Rule 213)`);
  };
  api.on('cannot-complete', (e) => decide(`further play is impossible (${e.payload.reason})`));
  api.on('judged-undecidable', () => decide('the Judge found a move equally legal and illegal'));
}
