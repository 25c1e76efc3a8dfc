// Rule 4E70: Contracts. A Player creates a Contract (`contract/ID`) and is bound by it; others bind
// themselves (`join-contract`) unless its text forbids it. A Contract changes (`amend-contract`) and
// lets its parties go (`leave-contract`) only as it provides: its optional code (hosted under this
// rule, read-only) exports `mayJoin(player)`, `mayLeave(player)` and `mayChange(player, text)`,
// each returning true to allow; without them, joining is allowed and leaving and changing are not.
// A breach is brought to the Oracle as a Consultation naming the Contract (4E18). A Contract with no
// party left ceases to exist. There is a Ministry of Business (the Arbiter).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

const READ_ONLY = ['get', 'all', 'self', 'now', 'export', 'baseValue', 'imported'];

export default function (api: RuleApi) {
  api.param('ceases', { pattern: /If, at any time, a contract has less than one party, it ceases to be a\s+Game Document/ });
  for (const c of api.all('contract', (c) => typeof c.attrs.code === 'string')) api.host(c.key, { allow: READ_ONLY });
  const contract = (ref: unknown) => api.get('contract/' + String(ref ?? '').replace(/^contract\//, ''));
  const asks = (key: string, fn: string, fallback: boolean, ...args: Json[]): string | undefined => {
    if (!api.imported(key, fn)) return fallback ? undefined : `Rule 4E70: the Contract provides no means to do this`;
    const r = api.call<unknown>(key, fn, ...args);
    return r === true ? undefined : typeof r === 'string' ? `the Contract says: ${r}` : 'Rule 4E70: the Contract does not allow it';
  };
  const ensure = () => {
    if (!api.get('ministry/business')) api.create('ministry', { name: 'Ministry of Business', minister: 'Minister of Business', title: 'Arbiter', aliases: ['Business'], holder: null, mini: false, rule: '4E70', history: [] }, { id: 'business' });
  };
  api.on('setup', ensure);

  api.action('create-contract', {
    describe: 'Create a Contract (its text, optionally code that governs joining, leaving and changing it; `articles` {name, officers} makes it Articles of Incorporation, 4E79). You are bound by it.',
    args: { title: 'string?', text: 'string', code: 'string?', articles: 'json?' },
    legal: (ctx) => (api.get('player/' + ctx.agent) ? undefined : 'Rule 4E70: a Player creates Contracts'),
    perform(ctx) {
      const c = api.create('contract', { title: String(ctx.args.title ?? ''), text: String(ctx.args.text), code: (ctx.args.code ?? null) as Json, articles: (ctx.args.articles ?? null) as Json, parties: [ctx.agent], createdBy: ctx.agent, createdAt: ctx.now }, { owner: null });
      api.emit('contract-created', { contract: c.id });
      return c.key;
    },
  });

  api.action('join-contract', {
    describe: 'Voluntarily become bound by a Contract, unless its text forbids it.',
    args: { contract: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E70: Players become bound by Contracts';
      const c = contract(ctx.args.contract);
      if (!c) return `there is no Contract ${ctx.args.contract}`;
      if ((c.attrs.parties as string[]).includes(ctx.agent)) return 'you are already bound by it';
      return asks(c.key, 'mayJoin', true, ctx.agent);
    },
    perform(ctx) {
      const c = contract(ctx.args.contract)!;
      api.set(c.key, 'parties', [...(c.attrs.parties as string[]), ctx.agent]);
      return c.key;
    },
  });

  api.action('leave-contract', {
    describe: 'Cease to be bound by a Contract, by the means the Contract provides.',
    args: { contract: 'string' },
    legal(ctx) {
      const c = contract(ctx.args.contract);
      if (!c || !(c.attrs.parties as string[]).includes(ctx.agent)) return 'you are not bound by that Contract';
      return asks(c.key, 'mayLeave', false, ctx.agent);
    },
    perform(ctx) {
      const c = contract(ctx.args.contract)!;
      api.set(c.key, 'parties', (c.attrs.parties as string[]).filter((p) => p !== ctx.agent));
      return c.key;
    },
  });

  api.action('amend-contract', {
    describe: 'Change the text of a Contract, as the Contract allows.',
    args: { contract: 'string', text: 'string' },
    legal(ctx) {
      const c = contract(ctx.args.contract);
      if (!c) return `there is no Contract ${ctx.args.contract}`;
      return asks(c.key, 'mayChange', false, ctx.agent, String(ctx.args.text));
    },
    perform(ctx) {
      const c = contract(ctx.args.contract)!;
      api.update(c.key, { text: String(ctx.args.text), amendedAt: ctx.now });
      return c.key;
    },
  });

  api.settle(() => {
    ensure();
    for (const c of api.all('contract')) {
      if (!(c.attrs.parties as string[]).some((p) => api.get('player/' + p))) {
        api.destroy(c.key);
        api.emit('contract-ceased', { contract: c.id });
      }
    }
  });
}
