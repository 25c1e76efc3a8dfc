// Rule 7: Rounds. The Round Number is game state (`game.round`). When one (and only one) Player
// becomes The Winner of the Round (a win declared by the rules, e.g. Rule 1003), the Round ends:
// its Initial Ruleset, Final Ruleset and Final Gamestate are archived (`archive/round-N`), every
// Not So Fundamental Rule is repealed, the game state the NSFRs kept goes with them (each NSFR
// owns what it adds: objects and player attributes), the Round Number increases by 1 and the game
// continues (`round-started`). The Winner of each Round is kept in `game.roundWinners`.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

/** The preset is DocNomic's ruleset of Round 3: a game started from it is in Round 3. */
const STARTING_ROUND = 3;

export default function (api: RuleApi) {
  const boundary = api.param('first NSFR number', { rule: '0', pattern: /greater than or equal to (\d+)/, parse: (m) => Number(m[1]) });
  const game = () => api.get('game/game')!.attrs;
  const ruleset = (): Json[] => api.rules().map((r) => ({ number: r.number, title: r.title, text: r.text }));
  /** The game state: every object but rules, archives, timers and time bases, as it stands now. */
  const gamestate = (): JsonObject => {
    const skip = new Set(['rule', 'repealed-rule', 'archive', 'timer', 'timebase']);
    const types = new Set(['game', 'player', 'proposal', 'judgment', 'proclamation', 'directive', 'publication', 'election', 'departure', 'update', 'manual']);
    for (const o of Object.values(api.stateAt(api.now()))) types.add(o.type); // types other rules keep
    const out: JsonObject = {};
    for (const type of types) if (!skip.has(type)) for (const o of api.all(type)) out[o.key] = o.attrs as JsonObject;
    return out;
  };

  const archive = (round: number) => 'archive/round-' + round;
  const openArchive = (round: number) => {
    if (!api.get(archive(round))) api.create('archive', { round, initialRuleset: ruleset(), startedAt: api.now() }, { id: 'round-' + round, owner: null });
  };

  api.on('setup', () => {
    if (game().round == null) api.set('game/game', 'round', STARTING_ROUND);
    if (game().turn === undefined) api.set('game/game', 'turn', null);
    if (game().roundWinners == null) api.set('game/game', 'roundWinners', {});
    openArchive(Number(game().round));
  });

  api.on('win', (e) => {
    const winners = (e.payload.winners ?? []) as string[];
    if (winners.length !== 1) return; // one, and only one, Player
    const round = Number(game().round);
    const winner = winners[0]!;
    openArchive(round);
    api.update(archive(round), { winner, finalRuleset: ruleset(), finalGamestate: gamestate(), endedAt: api.now() });
    api.set('game/game', 'roundWinners', { ...((game().roundWinners ?? {}) as JsonObject), [String(round)]: winner });
    for (const rule of api.rules()) {
      if (/^\d+$/.test(rule.number) && Number(rule.number) >= boundary) api.change.repeal(rule.number, { cause: `round ${round} ended (Rule 7)` });
    }
    api.set('game/game', 'round', round + 1);
    openArchive(round + 1);
    api.message('all', `${winner} is The Winner of Round ${round}. The Round ends: its rulesets and game state are archived, the Not So Fundamental Rules are repealed, and Round ${round + 1} begins (Rule 7).`, { channel: 'list' });
    api.emit('round-started', { round: round + 1, previousWinner: winner });
  });
}
