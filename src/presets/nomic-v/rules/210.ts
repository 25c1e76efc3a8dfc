// Rule 210: the phrases, and only the phrases, that are votes; read from this rule's own lists
// (bullets, as the seed has them, or inline lists an amendment may write).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const bullets = (block: string) =>
    block.split('\n').map((line) => line.match(/^\s*[•*\-–]\s*(.+?)\s*$/)?.[1]).filter((p): p is string => Boolean(p));
  // A list as the seed writes it (one bullet a line) or as an amendment may write it inline
  // ("affirmative votes: aye, yay, yes, y, si."), its phrases quoted or not.
  const list = (block: string) => {
    const body = block.replace(/^\s*(?:are|is)?\s*[:\-–]?/i, '');
    const listed = bullets(body);
    if (listed.length) return listed.map((p) => p.replace(/^["'“‘]|["'”’.,;]+$/g, '').trim()).filter(Boolean);
    const inline = body.split(/(?:\.\s|\.$|\n\s*\n|\bThe following\b|\bPhrases for voting\b)/i)[0] ?? '';
    return inline.split(/,|;|\s+or\s+|\s+and\s+/i).map((p) => p.trim().replace(/^["'“‘]|["'”’.]+$/g, '').replace(/^["'“‘]|["'”’]$/g, '').trim())
      .filter((p) => p && !/^only\b|^the following/i.test(p));
  };
  const phrases = api.param('vote phrases', {
    pattern: /affirmative votes?([\s\S]*?)negative votes?([\s\S]*)/i,
    parse: (m) => ({ yes: list(m[1]!.replace(/The following phrases[\s\S]*$/i, '')), no: list(m[2]!) }),
  });
  const caseless = /case-insensitive/i.test(api.self.text);
  const norm = (s: string) => (caseless ? s.trim().toLowerCase() : s.trim());
  const yes = new Set(phrases.yes.map(norm));
  const no = new Set(phrases.no.map(norm));
  api.export('meaning', (phrase: string) => (yes.has(norm(phrase)) ? 'for' : no.has(norm(phrase)) ? 'against' : null));
}
