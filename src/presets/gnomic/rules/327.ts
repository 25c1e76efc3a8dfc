// Rule 327: a Judge's decision is declared as a new rule, or as an amendment to the rule disputed,
// and takes effect after the completion of the judgement: when the next turn begins without it being
// overruled. The Judge's `precedent` says how: {rule: N} appends the decision to rule N, which keeps
// its number (Rule 108 renumbers a rule to the number of the proposal that amends it, and no
// proposal does here); otherwise, or if that rule cannot be amended, a new rule titled
// "Precedent: <question>" (or the precedent's `title`), whose text is the precedent's `text` or else
// the ruling. A precedent is not a proposed rule change, so it takes no number from the proposals'
// sequence (Rule 108): the new rule is numbered after the highest-numbered rule, a number the
// proposals' sequence then passes over.
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const number = () => String(1 + Math.max(300, ...api.rules().map((r) => Number(r.number)).filter((n) => Number.isInteger(n))));

  const record = (j: ObjectView) => {
    const p = (j.attrs.precedent ?? {}) as JsonObject;
    const text = String(p.text ?? j.attrs.ruling ?? '').trim();
    if (!text) return api.set(j.key, 'precedentEffect', 'nothing to record');
    const cause = { cause: `judgment ${j.id}` };
    if (p.rule != null && api.rule(String(p.rule))) {
      const n = api.rule(String(p.rule))!.number;
      const amended = api.applyChanges([{ amend: { rule: n, append: text } }] as never, cause);
      if (amended.ok) {
        api.update(j.key, { precedentEffect: 'amended', precedentRule: n });
        return api.message('all', `The decision on "${j.attrs.question}" is now part of rule ${n} (Rule 327).`);
      }
    }
    const n = number();
    const title = String(p.title ?? `Precedent: ${String(j.attrs.question).slice(0, 80)}`);
    const enacted = api.applyChanges([{ enact: { number: n, title, text } }] as never, cause);
    api.update(j.key, enacted.ok ? { precedentEffect: 'enacted', precedentRule: n } : { precedentEffect: `failed: ${enacted.error}`, precedentRule: null });
    if (enacted.ok) api.message('all', `The decision on "${j.attrs.question}" is now rule ${n} (Rule 327).`);
  };

  api.on('turn-begins', () => {
    for (const j of api.all('judgment', (j) => j.attrs.status === 'decided' && j.attrs.precedentEffect == null)) record(j);
  });

  api.export('permitsRuleChange', (args: JsonObject) => /^judgment \S+/.test(String(args.cause)) && (args.kind as Json) !== 'repeal');
}
