// Rule 4E58: Field Matches. A Field Match (`field-match/ID`, made by proposals) has a name, a size,
// its Field Object types, a means of communication, a Trophy, and code (hosted under this rule)
// that carries its actions: `begin()` when it becomes current, `field(requests)` for the Field's
// actions and `object(key, requests)` for each Field Object's, each returning `{ end, winners }`
// when the Match ends. The Referee picks the Current Field Match (`select-field-match`); players
// request Invokable Actions (`invoke`); the Referee is then obligated to Turn the Field
// (`turn-field`, at most once per rday): the Field's actions, then each Field Object's in the order
// of the Priority List (new objects join at the bottom, several at once in random order). A Match
// that ends destroys its Field Objects and clears the Field and the Priority List.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

const MATCH_API = ['get', 'all', 'set', 'update', 'create', 'destroy', 'self', 'now', 'refuse', 'random', 'pick', 'log', 'message', 'export', 'call', 'imported'];

export default function (api: RuleApi) {
  api.param('once per rday', { pattern: /he shall\s+not Turn the Field more than once per rday/ });
  const valid = (m: { attrs: JsonObject }) => ['name', 'rows', 'columns', 'code', 'trophy'].every((k) => m.attrs[k] !== undefined && m.attrs[k] !== null);
  for (const m of api.all('field-match', (m) => typeof m.attrs.code === 'string')) api.host(m.key, { allow: MATCH_API });
  const referee = () => (api.get('ministry/play')?.attrs.holder ?? null) as string | null;
  const field = () => api.get('field/field')!;
  const rday = () => Number(api.get('clock/clock')?.attrs.rday ?? 0);
  const match = (ref: unknown) => api.get('field-match/' + String(ref ?? '').replace(/^field-match\//, ''));

  /** New Field Objects join the bottom of the Priority List (in random order); destroyed ones leave. */
  const updatePriority = () => {
    const listed = (field().attrs.priority as string[]).filter((k) => api.get(k));
    const fresh = api.all('field-object').map((o) => o.key).filter((k) => !listed.includes(k));
    for (let i = fresh.length - 1; i > 0; i--) {
      const j = Math.floor(api.random() * (i + 1));
      [fresh[i], fresh[j]] = [fresh[j]!, fresh[i]!];
    }
    api.set(field().key, 'priority', [...listed, ...fresh]);
  };
  const endMatch = (m: NonNullable<ReturnType<typeof match>>, winners: string[]) => {
    for (const o of api.all('field-object')) api.destroy(o.key);
    api.update(field().key, { match: null, priority: [], requests: [], rows: 0, columns: 0 });
    api.update(m.key, { ended: true, endedAt: api.now(), winners });
    api.emit('field-match-ended', { match: m.id, winners });
  };
  const run = (m: NonNullable<ReturnType<typeof match>>, step: string, ...args: Json[]): boolean => {
    if (!api.imported(m.key, step)) return false;
    const r = api.call<{ end?: boolean; winners?: string[] } | undefined>(m.key, step, ...args);
    if (r && r.end) {
      endMatch(m, (r.winners ?? []).map(String));
      return true;
    }
    return false;
  };

  api.action('select-field-match', {
    describe: 'As the Referee, when there is none, choose the Current Field Match: the Field takes its size and its opening actions happen.',
    args: { match: 'string' },
    legal(ctx) {
      if (referee() !== ctx.agent) return 'Rule 4E58: the Referee chooses the Current Field Match';
      if (field().attrs.match) return 'Rule 4E58: there is already a Current Field Match';
      const m = match(ctx.args.match);
      if (!m) return `there is no Field Match ${ctx.args.match}`;
      if (!valid(m)) return 'Rule 4E58: that Field Match is not valid (it needs a name, a size, code carrying its actions and a Trophy)';
      if (m.attrs.ended === true) return 'that Field Match has ended';
    },
    perform(ctx) {
      const m = match(ctx.args.match)!;
      api.update(field().key, { match: m.id, rows: Number(m.attrs.rows), columns: Number(m.attrs.columns), torus: m.attrs.torus !== false, priority: [], requests: [] });
      if (!run(m, 'begin')) updatePriority();
      return m.key;
    },
  });

  api.action('invoke', {
    describe: 'Request an Invokable Action of the Current Field Match (its `action` name and `args`).',
    args: { action: 'string', args: 'json?' },
    legal(ctx) {
      if (!field().attrs.match) return 'Rule 4E58: there is no Current Field Match';
      if (!api.get('player/' + ctx.agent)) return 'only Players take part in Field Matches';
    },
    perform(ctx) {
      api.set(field().key, 'requests', [...(field().attrs.requests as Json[]), { by: ctx.agent, action: String(ctx.args.action), args: (ctx.args.args ?? {}) as Json, at: ctx.now }]);
      if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', 'play', 'turn-field', 'field', 'Turn the Field: an Invokable Action was requested');
      return field().key;
    },
  });

  api.action('turn-field', {
    describe: 'As the Referee, Turn the Field (at most once per rday).',
    legal(ctx) {
      if (referee() !== ctx.agent) return 'Rule 4E58: the Referee Turns the Field';
      if (!field().attrs.match) return 'Rule 4E58: there is no Current Field Match';
      if (field().attrs.lastTurnRday === rday()) return 'Rule 4E58: the Field is not Turned more than once per rday';
    },
    perform() {
      const m = match(field().attrs.match)!;
      const requests = field().attrs.requests as Json[];
      api.update(field().key, { lastTurnRday: rday(), requests: [] });
      if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'play', 'turn-field', 'field');
      if (run(m, 'field', requests)) return m.key;
      updatePriority();
      for (const key of [...(field().attrs.priority as string[])]) {
        if (!api.get(key)) continue;
        if (run(m, 'object', key, requests)) return m.key;
      }
      updatePriority();
      return m.key;
    },
  });
}
