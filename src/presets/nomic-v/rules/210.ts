// Rule 210: the phrases, and only the phrases, that are votes; read from this rule's own lists.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const bullets = (block: string) =>
    block.split('\n').map((line) => line.match(/^\s*[•*\-–]\s*(.+?)\s*$/)?.[1]).filter((p): p is string => Boolean(p));
  const phrases = api.param('vote phrases', {
    pattern: /affirmative votes:\s*\n([\s\S]*?)\n\s*The following phrases[\s\S]*?negative votes:\s*\n([\s\S]*?)(?:\n\s*\n(?!\s*[•*\-–])|$)/i,
    parse: (m) => ({ yes: bullets(m[1]!), no: bullets(m[2]!) }),
  });
  const caseless = /case-insensitive/i.test(api.self.text);
  const norm = (s: string) => (caseless ? s.trim().toLowerCase() : s.trim());
  const yes = new Set(phrases.yes.map(norm));
  const no = new Set(phrases.no.map(norm));
  api.export('meaning', (phrase: string) => (yes.has(norm(phrase)) ? 'for' : no.has(norm(phrase)) ? 'against' : null));
}
