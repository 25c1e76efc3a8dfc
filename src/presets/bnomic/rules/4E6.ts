// Rule 4E6: Fora. A forum (a chat channel, a mailing list) is Private, Public or Discussion; all
// are initially Private. The Registrar keeps the display of the Public and Discussion Fora (4E4),
// so here the Registrar designates them. Inputs that carry no channel (the web app, the CLI) are
// posted to the game's own record, which is always Public.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const terms = api.param('designations', { pattern: /one of the terms (\w+), (\w+), or\s+(\w+)/, parse: (m) => [m[1]!, m[2]!, m[3]!] });
  const initial = api.param('initial designation', { pattern: /All Fora are initially (\w+)/ });
  const designation = (channel: string) => String(api.get('forum/' + channel)?.attrs.designation ?? initial);

  api.action('designate-forum', {
    describe: `As the Registrar, designate a forum (a channel) as ${terms.join(', ')}.`,
    args: { forum: 'string', designation: 'string' },
    legal(ctx) {
      if (api.get('ministry/society')?.attrs.holder !== ctx.agent) return 'Rule 4E6: the Registrar (Minister of Society) keeps the designations of Fora';
      const d = terms.find((t) => t.toLowerCase() === String(ctx.args.designation).toLowerCase());
      if (!d) return `Rule 4E6: a forum is designated as one of ${terms.join(', ')}`;
    },
    perform(ctx) {
      const d = terms.find((t) => t.toLowerCase() === String(ctx.args.designation).toLowerCase())!;
      const key = 'forum/' + ctx.args.forum;
      const was = designation(String(ctx.args.forum));
      if (!api.get(key)) api.create('forum', { designation: d, designatedBy: ctx.agent, publicUntil: null }, { id: String(ctx.args.forum), owner: null });
      else api.update(key, { designation: d, designatedBy: ctx.agent });
      // 4E0 lets a PEP post in "any forum that was a Public Forum within the past month".
      if (was === 'Public' && d !== 'Public') api.set(key, 'publicUntil', ctx.now);
      return key;
    },
  });

  api.export('designation', (channel: string | undefined) => (channel ? designation(channel) : 'Public'));
  api.export('wasPublicWithin', (channel: string, ms: number) => {
    if (designation(channel) === 'Public') return true;
    const until = api.get('forum/' + channel)?.attrs.publicUntil;
    return typeof until === 'number' && api.now() - until <= ms;
  });
}
