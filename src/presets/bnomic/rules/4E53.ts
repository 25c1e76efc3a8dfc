// Rule 4E53: Ministerial Obligations. Rules create obligations for Ministries (`obligation/ID`:
// what, since, status open|done|void); the Minister shall fulfil each within a Jiffy (4 rdays,
// 4E30). Once one is overdue, any Player may remove that Minister (`remove-minister`). A new
// Minister gets a fresh Jiffy for every obligation of the Ministry he takes over.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('in a jiffy', { pattern: /shall fulfill any\s+obligations on his Ministry in a Jiffy/ });
  const jiffy = () => (api.imported('4E30', 'quantity') ? Number(api.call('4E30', 'quantity', 'A Jiffy')) : 4);
  const rday = () => Number(api.get('clock/clock')?.attrs.rday ?? 0);
  const open = (ministry?: string) => api.all('obligation', (o) => o.attrs.status === 'open' && (ministry === undefined || o.attrs.ministry === ministry));

  const arm = (id: string) => {
    const due = rday() + jiffy();
    api.update('obligation/' + id, { dueRday: due, overdue: false });
    api.timer({ base: 'rday', value: due }, 'obligation-due', { obligation: id, due });
  };

  api.export('oblige', (ministry: string, duty: string, ref: string, what: string) => {
    const existing = open(ministry).find((o) => o.attrs.duty === duty && o.attrs.ref === ref);
    if (existing) return existing.id;
    const o = api.create('obligation', { ministry, duty, ref, what, since: api.now(), status: 'open', overdue: false, holderThen: api.get('ministry/' + ministry)?.attrs.holder ?? null });
    arm(o.id);
    return o.id;
  });
  const close = (status: string) => (ministry: string, duty: string, ref?: string) => {
    for (const o of open(ministry).filter((o) => o.attrs.duty === duty && (ref === undefined || o.attrs.ref === ref))) {
      api.update(o.key, { status, closedAt: api.now() });
    }
  };
  api.export('fulfil', close('done'));
  api.export('cancel', close('void'));
  api.export('outstanding', (ministry?: string) => open(ministry).map((o) => o.id));

  api.on('obligation-due', (e) => {
    const o = api.get('obligation/' + e.payload.obligation);
    if (o && o.attrs.status === 'open' && o.attrs.dueRday === e.payload.due) api.set(o.key, 'overdue', true);
  });
  api.on('ministry-taken', (e) => {
    for (const o of open(String(e.payload.ministry))) arm(o.id);
  });

  api.action('remove-minister', {
    describe: 'Remove a Minister who has not fulfilled an obligation of his Ministry within a Jiffy.',
    args: { ministry: 'string' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'Rule 4E53: only a Player may remove a Minister';
      const id = api.imported('4E45', 'find') ? api.call<string | null>('4E45', 'find', ctx.args.ministry) : null;
      if (!id) return `there is no Ministry "${ctx.args.ministry}"`;
      if (!api.get('ministry/' + id)!.attrs.holder) return 'that Ministry is Vacant';
      if (!open(id).some((o) => o.attrs.overdue === true)) return 'Rule 4E53: the Minister has no obligation overdue';
    },
    perform(ctx) {
      const id = api.call<string>('4E45', 'find', ctx.args.ministry);
      api.call('4E45', 'assign', id, null, `removed by ${ctx.agent} for an overdue obligation (4E53)`);
      return 'ministry/' + id;
    },
  });
}
