// Rule 304: a turn is (1) proposing one rule-change and having it voted on, then (2) setting every
// player's score to 0. Part (1) is the `propose` action (Rule 104 defines it, so that proposals go on
// if this rule is repealed): only the player whose turn it is, before the turn's vote is complete.
// When the vote on the turn's final proposal is complete, every score is set to 0 and the turn ends
// (without this rule, Rule 201 ends the turn when that vote is complete).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  api.export('parts', ['proposing one rule-change and having it voted on', 'setting all players\' scores to 0']);

  // Part (2): once the turn's final proposal is decided, every score is set to 0 and the turn ends.
  api.on('proposal-decided', (e) => {
    const g = game();
    if (e.payload.turn !== Number(g.turnNumber ?? 0)) return;
    api.emit('turn-part-two', { turn: e.payload.turn, proposal: e.payload.proposal });
  });

  api.on('turn-part-two', (e) => {
    if (e.payload.turn !== Number(game().turnNumber ?? 0)) return;
    for (const p of api.all('player')) api.set(p.key, 'points', 0);
    api.call('201', 'endTurn', true, 'the proposal was voted on and scores were set to 0');
  });
}
