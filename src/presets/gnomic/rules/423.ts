// Rule 423: the form of a hack. Every hack states its title (`title` is required; the engine states
// its number and, in its changes, the rule amended). It either gives the full text of the rule
// created or amended, or replaces a section of the rule: a section begins and ends at sentence
// boundaries, so an `amend` with `replace` whose `from` is not a run of whole sentences of the rule
// is refused. Section replacement is only for amendments and meta-amendments.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const startsSentence = (text: string, at: number) => at === 0 || /(^|[.!?:\]"')])\s+$|\n\s*$/.test(text.slice(Math.max(0, at - 4), at));
  const endsSentence = (text: string, end: number) => /[.!?]["')\]]*$/.test(text.slice(0, end)) && (end === text.length || /^\s/.test(text.slice(end)));

  api.export('invalidChanges', (changes: Json[], info: JsonObject) => {
    if (info.stage === 'post' && !String(info.title ?? '').trim()) return 'Rule 423: a hack must state its title';
    for (const c of (changes ?? []) as any[]) {
      if (!c?.amend || !Array.isArray(c.amend.replace)) continue;
      const rule = api.rule(String(c.amend.rule));
      if (!rule) continue;
      let text = rule.text;
      for (const r of c.amend.replace as { from: string; to: string }[]) {
        const at = text.indexOf(String(r.from));
        if (at < 0) continue; // the engine refuses it when applying: the section is not in the rule
        if (!startsSentence(text, at) || !endsSentence(text, at + String(r.from).length)) {
          return `Rule 423: a replaced section must begin and end at sentence boundaries ("${String(r.from).slice(0, 40)}" of rule ${rule.number} does not)`;
        }
        text = text.slice(0, at) + String(r.to) + text.slice(at + String(r.from).length);
      }
    }
    return null;
  });

  api.check('meta-amend', (ctx) => (String(ctx.args.title ?? '').trim() ? undefined : 'Rule 423: a hack must state its title'));
}
