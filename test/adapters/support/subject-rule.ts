// A DocNomic-style rule for the mail tests: the rules, not the gateway, decide that list mail needs
// a subject line. Added to a game as rule 990.
import type { GameService } from '../../../src/engine/games.js';

const SUBJECT_RULE = `export default (api) => {
  const why = 'Rule 990: a message to the list must say in its Subject line what it is (a Proposal, a Vote, a Point of Order, ...)';
  const bare = (m) => Boolean(m) && m.channel === 'list' && !String(m.subject || '').trim();
  api.check('*', (ctx) => (ctx.invokedBy === 'input' && bare(ctx.medium) ? why : undefined));
  api.on('message', (e) => { if (bare(e.payload.medium)) api.refuse(why); });
};`;

/** Adds rule 990 to a game; the outcome's status says whether it was added. */
export async function addSubjectRule(games: GameService, game: string, at: number): Promise<string> {
  const added = await games.submit(game, {
    kind: 'setup', at,
    data: { cause: 'test', rules: [{ number: '990', title: 'Subject lines', mutable: true, text: 'A message to the list must say in its Subject line what it is.', code: SUBJECT_RULE }] },
  });
  return added.outcome.status;
}
