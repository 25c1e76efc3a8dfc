// Rule 4E12: Transactions. A list of Game Actions and assertions about the game state, taken in
// sequence: if every action is legal as specified and every assertion holds where it stands, the
// Transaction Succeeds and the actions happen as though taken one by one; otherwise it Fails and
// has no effect at all.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('fails', { pattern: /A Transaction that Fails has no effect/ });
  api.action('transaction', {
    describe: 'Submit a Transaction: `steps` is a list of {action, args} and {assert: {path, equals}}; all succeed or none happens.',
    args: { steps: 'json' },
    legal(ctx) {
      const steps = ctx.args.steps;
      if (!Array.isArray(steps) || steps.length === 0) return 'Rule 4E12: a Transaction lists Game Actions and assertions between its Start and its End';
      for (const s of steps as any[]) if (!s || (typeof s.action !== 'string' && !s.assert)) return 'each step is {action, args} or {assert: {path, equals}}';
    },
    perform(ctx) {
      const changes = (ctx.args.steps as any[]).map((s) => (s.assert ? { assert: { path: String(s.assert.path), equals: s.assert.equals ?? null } } : { perform: { action: String(s.action), as: ctx.agent, args: s.args ?? {} } }));
      const result = api.applyChanges(changes, { cause: `transaction by ${ctx.agent}` });
      if (!result.ok) api.refuse(`Rule 4E12: the Transaction Fails: ${result.error}`);
      return (ctx.args.steps as unknown[]).length;
    },
  });
}
