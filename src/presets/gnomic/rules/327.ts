// Rule 327: a Judge's decision is declared as a new rule, or as an amendment to the rule disputed,
// and takes effect after the completion of the judgement: when the next turn begins without it being
// overruled. The Judge's `precedent` says how: {rule: N} appends the decision to rule N (which gets
// the next ordinal number, as an amended rule does: Rule 108); otherwise, or if that rule cannot be
// amended, a new rule with the next ordinal number, titled "Precedent: <question>" (or the
// precedent's `title`), whose text is the precedent's `text` or else the ruling.
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const number = () => String(typeof api.imported('108', 'assign') === 'function' ? api.call<number>('108', 'assign') : api.nextNumber('ordinal', 301));

  const record = (j: ObjectView) => {
    const p = (j.attrs.precedent ?? {}) as JsonObject;
    const text = String(p.text ?? j.attrs.ruling ?? '').trim();
    if (!text) return api.set(j.key, 'precedentEffect', 'nothing to record');
    const cause = { cause: `judgment ${j.id}` };
    const n = number();
    if (p.rule != null && api.rule(String(p.rule))) {
      const amended = api.applyChanges([
        { amend: { rule: String(p.rule), append: text } },
        { renumber: { rule: String(p.rule), number: n } },
      ] as never, cause);
      if (amended.ok) {
        api.update(j.key, { precedentEffect: 'amended', precedentRule: n });
        return api.message('all', `The decision on "${j.attrs.question}" is now part of rule ${n} (Rule 327).`);
      }
    }
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
