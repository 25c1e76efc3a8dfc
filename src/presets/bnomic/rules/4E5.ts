// Rule 4E5: Game Documents. Text between /* and */ or between [[ and ]] is Comment Text and has no
// direct effect: proposals, tweaks and oracularities are read with their comments removed.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('comment markers', { pattern: /between "\/\*" and "\*\/" or between "\[\[" and\s+"\]\]"/ });
  const strip = (text: string) => String(text).replace(/\/\*[\s\S]*?\*\//g, '').replace(/\[\[[\s\S]*?\]\]/g, '').replace(/[ \t]+\n/g, '\n').trim();
  api.export('stripComments', strip);
}
