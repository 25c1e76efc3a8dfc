// Rule 4E79: Incorporation. A Contract that declares itself Articles of Incorporation, naming the
// Corporation and at least one Officer (`create-contract` with `articles: {name, officers}`), defines
// a Corporation (`corporation/ID`): it owns currency (m50 to start), Socks and devices. Its Officers
// act for it (`corporate-action`, or as the agent `corporation/ID`). It goes with its Contract.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  api.param('coo', { pattern: /A Corporation is a Currency Owning Object, a Potential Sockholder, and\s+a Device Owning Object/ });
  const officersOf = (c: { attrs: JsonObject }) => ((c.attrs.officers as string[]) ?? []);

  api.on('contract-created', (e) => {
    const contract = api.get('contract/' + e.payload.contract);
    const a = contract?.attrs.articles as { name?: string; officers?: string[] } | null | undefined;
    if (!contract || !a) return;
    if (!a.name || !Array.isArray(a.officers) || !a.officers.length) api.refuse('Rule 4E79: Articles of Incorporation must name the Corporation and define at least one Officer');
    if (api.all('corporation', (c) => c.attrs.name === a.name).length) api.refuse(`there is already a Corporation named ${a.name}`);
    const corp = api.create('corporation', { name: a.name!, contract: contract.id, officers: a.officers!.map(String), createdAt: api.now() }, { owner: null });
    if (api.imported('4E11', 'applyDefaults')) api.call('4E11', 'applyDefaults', corp.key);
    api.set(contract.key, 'corporation', corp.id);
  });

  api.agents((person) => [person, ...api.all('corporation', (c) => officersOf(c).includes(person)).map((c) => c.key)]);

  api.action('corporate-action', {
    describe: 'As an Officer, take an action on behalf of your Corporation.',
    args: { corporation: 'string', action: 'string', args: 'json?' },
    legal(ctx) {
      const c = api.get('corporation/' + String(ctx.args.corporation).replace(/^corporation\//, '')) ?? api.all('corporation', (c) => c.attrs.name === ctx.args.corporation)[0];
      if (!c) return `there is no Corporation ${ctx.args.corporation}`;
      if (!officersOf(c).includes(ctx.agent)) return 'Rule 4E79: only its Officers act for a Corporation';
    },
    perform(ctx) {
      const c = api.get('corporation/' + String(ctx.args.corporation).replace(/^corporation\//, '')) ?? api.all('corporation', (c) => c.attrs.name === ctx.args.corporation)[0]!;
      const r = api.perform(String(ctx.args.action), (ctx.args.args ?? {}) as JsonObject, { agent: c!.key, person: ctx.person });
      if (!r.ok) api.refuse(String(r.error));
      return r.value ?? c!.key;
    },
  });

  api.settle(() => {
    for (const c of api.all('corporation')) if (!api.get('contract/' + c.attrs.contract)) api.destroy(c.key);
  });
}
