// Rule 342: in web mode, a vote on a "root" proposal cast within two minutes of its initial posting,
// or on a meta-amendment within 12 seconds of its posting, is ignored: it is refused, and the player
// may vote again once the period is over.
import type { RuleApi } from '../../../kernel/rule-api.js';

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, fifteen: 15, twenty: 20, thirty: 30 };

export default function (api: RuleApi) {
  const amount = (m: RegExpMatchArray) => WORDS[m[1]!.toLowerCase()] ?? Number(m[1]);
  const root = api.param('root wait', { pattern: /within (\w+) minutes? of its initial posting/i, parse: (m) => amount(m) * 60_000 });
  const meta = api.param('meta wait', { pattern: /within (\w+) seconds? of their posting/i, parse: (m) => amount(m) * 1000 });
  const mode = () => (typeof api.imported('347', 'mode') === 'function' ? api.call<string>('347', 'mode') : 'web');

  api.check('vote', (ctx) => {
    if (mode() !== 'web') return undefined;
    const id = typeof api.imported('104', 'find') === 'function' ? api.call<string | null>('104', 'find', ctx.args.proposal) : String(ctx.args.proposal);
    const h = id ? api.get('proposal/' + id) : undefined;
    if (!h) return undefined;
    const isMeta = h.attrs.kind === 'meta-amendment';
    const wait = isMeta ? meta : root;
    if (ctx.now - Number(h.attrs.postedAt) >= wait) return undefined;
    return `Rule 342: in web mode a vote within ${isMeta ? `${wait / 1000} seconds` : `${wait / 60_000} minutes`} of the posting of a ${isMeta ? 'meta-amendment' : '"root" proposal'} is ignored`;
  });
}
