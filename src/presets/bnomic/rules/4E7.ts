// Rule 4E7: Game Actions. An action is taken by posting it to a Public Forum (a channel the
// Registrar designated Public, or the game's own record); several actions may be listed and are
// taken in order (`repeat` takes one action a stated number of times); and an Outsider may
// announce that he will take an action at a future time, by the Clock ("on nday 8": at the start
// of the next nday 8) or by UTC, when it is taken for him in the order the announcements arrived.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const clock = () => api.get('clock/clock')?.attrs as { nweek: number; nday: number; count: number } | undefined;
  const perNweek = () => (api.imported('4E14', 'ndaysPerNweek') as number | undefined) ?? 12;

  api.check('*', (ctx) => {
    const channel = ctx.medium?.channel;
    if (!channel || ctx.invokedBy !== 'input') return undefined;
    const designation = api.imported('4E6', 'designation') ? api.call<string>('4E6', 'designation', channel) : 'Public';
    if (designation === 'Public') return undefined;
    return `Rule 4E7: a Game Action is taken by posting it to a Public Forum; #${channel} is ${designation}`;
  });

  const run = (id: string) => {
    const s = api.get('scheduled/' + id);
    if (!s || s.attrs.status === 'done' || s.attrs.status === 'failed') return;
    const by = String(s.attrs.by);
    const r = api.perform(String(s.attrs.action), (s.attrs.args ?? {}) as JsonObject, { agent: by, person: by });
    api.update(s.key, { status: r.ok ? 'done' : 'failed', outcome: r.ok ? 'performed' : String(r.error), performedAt: api.now() });
  };

  api.action('schedule', {
    describe: 'Announce that you will take an action later: at the start of the next nday N (optionally of nweek W), or at a UTC instant (`at`, ISO 8601).',
    args: { action: 'string', args: 'json?', nday: 'number?', nweek: 'number?', at: 'string?' },
    legal(ctx) {
      const c = clock();
      if (ctx.args.at != null) {
        const at = Date.parse(String(ctx.args.at));
        if (Number.isNaN(at)) return `"${ctx.args.at}" is not a UTC instant`;
        if (at <= ctx.now) return 'Rule 4E7: the time must be in the future';
        return undefined;
      }
      const n = Number(ctx.args.nday);
      if (!c) return 'there is no Clock';
      if (!Number.isInteger(n) || n < 1 || n > perNweek()) return `give an nday from 1 to ${perNweek()} (or a UTC instant in "at")`;
      if (ctx.args.nweek != null && (Number(ctx.args.nweek) < c.nweek || (Number(ctx.args.nweek) === c.nweek && n <= c.nday))) return 'Rule 4E7: that nday is not in the future';
    },
    perform(ctx) {
      const c = clock()!;
      const s = api.create('scheduled', { action: String(ctx.args.action), args: (ctx.args.args ?? {}) as JsonObject, by: ctx.agent, announcedAt: ctx.now, status: 'pending' }, { owner: null });
      if (ctx.args.at != null) {
        const at = Date.parse(String(ctx.args.at));
        api.set(s.key, 'at', new Date(at).toISOString());
        api.timer(at, 'scheduled-now', { id: s.id });
      } else {
        const n = Number(ctx.args.nday);
        const target = ctx.args.nweek != null
          ? c.count + (Number(ctx.args.nweek) - c.nweek) * perNweek() + (n - c.nday)
          : c.count + (n > c.nday ? n - c.nday : perNweek() - c.nday + n);
        api.update(s.key, { nday: n, ndayCount: target });
        api.timer({ base: 'nday', value: target }, 'scheduled-due', { id: s.id });
      }
      return s.key;
    },
  });

  // A clock-scheduled action is due when its nday begins; it is taken at the start of that nday,
  // after the rules' own beginning-of-nday events (4E14: "nday-started").
  api.on('scheduled-due', (e) => {
    const s = api.get('scheduled/' + e.payload.id);
    if (s && s.attrs.status === 'pending') api.set(s.key, 'status', 'due');
  });
  api.on('nday-started', () => {
    for (const s of api.all('scheduled', (s) => s.attrs.status === 'due')) run(s.id);
  });
  api.on('scheduled-now', (e) => run(String(e.payload.id)));

  api.action('repeat', {
    describe: 'Take one action a stated number of times, in sequence; it stops at the first that is not legal (those before stand).',
    args: { action: 'string', args: 'json?', times: 'number' },
    legal: (ctx) => (Number.isInteger(ctx.args.times) && Number(ctx.args.times) > 0 ? undefined : 'Rule 4E7: state a positive integer number of times'),
    perform(ctx) {
      let done = 0;
      for (; done < Number(ctx.args.times); done++) {
        const r = api.perform(String(ctx.args.action), (ctx.args.args ?? {}) as JsonObject, { agent: ctx.agent, person: ctx.person });
        if (!r.ok) {
          if (done === 0) api.refuse(String(r.error));
          break;
        }
      }
      return done;
    },
  });
}
