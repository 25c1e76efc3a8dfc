// Rule 329: a vote starting with the letter y is a 'Yay' (for), one starting with n a 'Nay'
// (against); it must be under 10 characters; case does not matter. Anything else is refused as an
// invalid vote. The letters and the length are read from this rule's text.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  // Straight or curly quotes, as an amendment may write them.
  const nay = api.param('nay letter', { pattern: /starting with the letter ['‘"“]?(\w)['’"”]? is considered (?:a |an )?['‘"“]?Nay/i });
  const yay = api.param('yay letter', { pattern: /starting with the letter ['‘"“]?(\w)['’"”]? is (?:considered )?(?:a |an )?['‘"“]?Yay/i });
  const limit = api.param('length limit', { pattern: /must be (?:under|less than|fewer than|shorter than) (\d+) characters/i, parse: (m) => Number(m[1]) });
  const caseless = /not case sensitive/i.test(api.self.text);
  const norm = (s: string) => (caseless ? s.toLowerCase() : s);

  const meaning = (phrase: string): 'for' | 'against' | null => {
    const word = String(phrase).trim();
    if (word.length === 0 || word.length >= limit) return null;
    if (norm(word).startsWith(norm(yay))) return 'for';
    if (norm(word).startsWith(norm(nay))) return 'against';
    return null;
  };
  api.export('meaning', meaning);

  api.check('vote', (ctx) =>
    meaning(String(ctx.args.vote)) === null
      ? `Rule 329: "${ctx.args.vote}" is not a valid vote (it must start with ${yay} or ${nay} and be under ${limit} characters)`
      : undefined);
}
