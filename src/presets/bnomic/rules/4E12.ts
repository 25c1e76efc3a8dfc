// Rule 4E12: Transactions. A list of Game Actions and assertions about the game state, taken in
// sequence: if every action is legal as specified and every assertion holds where it stands, the
// Transaction Succeeds and the actions happen as though taken one by one; otherwise it Fails and
// has no effect at all.
import type { RuleApi } from '../../../kernel/rule-api.js';

// A step is {action, args} (or {do, args}, as a scenario writes an action) or an assertion:
// {assert: {path, equals}} (or `value`/`is`), or {assert: {PATH: VALUE, ...}} / {check: {...}}.
type Step = { perform: { action: string; args: unknown } } | { assert: { path: string; equals: unknown } };
const normalise = (s: any): Step[] | null => {
  if (!s || typeof s !== 'object') return null;
  const action = typeof s.action === 'string' ? s.action : typeof s.do === 'string' ? s.do : null;
  if (action !== null) return [{ perform: { action, args: s.args ?? {} } }];
  const a = s.assert ?? s.check;
  if (!a || typeof a !== 'object' || Array.isArray(a)) return null;
  if (typeof a.path === 'string') return [{ assert: { path: a.path, equals: 'equals' in a ? a.equals : 'value' in a ? a.value : a.is ?? null } }];
  const entries = Object.entries(a);
  return entries.length ? entries.map(([path, equals]) => ({ assert: { path, equals } })) : null;
};

export default function (api: RuleApi) {
  api.param('fails', { pattern: /A Transaction that Fails has no effect/ });
  api.action('transaction', {
    describe: 'Submit a Transaction: `steps` is a list of {action, args} and {assert: {path, equals}}; all succeed or none happens.',
    args: { steps: 'json' },
    legal(ctx) {
      const steps = ctx.args.steps;
      if (!Array.isArray(steps) || steps.length === 0) return 'Rule 4E12: a Transaction lists Game Actions and assertions between its Start and its End';
      for (const s of steps as any[]) if (!normalise(s)) return 'each step is {action, args} or {assert: {path, equals}}';
    },
    perform(ctx) {
      const changes = (ctx.args.steps as any[]).flatMap((s) => normalise(s)!).map((s) => ('assert' in s ? { assert: { path: s.assert.path, equals: (s.assert.equals ?? null) as never } } : { perform: { action: s.perform.action, as: ctx.agent, args: s.perform.args as never } }));
      const result = api.applyChanges(changes, { cause: `transaction by ${ctx.agent}` });
      if (!result.ok) api.refuse(`Rule 4E12: the Transaction Fails: ${result.error}`);
      return (ctx.args.steps as unknown[]).length;
    },
  });
}
