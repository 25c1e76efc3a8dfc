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

  // A post that states an action in plain words is that action (4E7: "post a message to a Public
  // Forum specifying that he is taking that action"; 4E0: a PEP "stating that he does so"): votes
  // ("I vote FOR proposal 3", "AGAINST #3" opening a sentence, "Proposal 3: SHELVE") and Mental
  // States ("I am Paranoid") are read from free messages; other posts change nothing.
  const VOTE = '(for|against|abstain|shelve)';
  const readPost = (text: string): { action: string; args: JsonObject }[] => {
    const found: { at: number; action: string; args: JsonObject }[] = [];
    const ref = (r: string) => (/^\d+$/.test(r) ? '#' + r : r);
    for (const re of [new RegExp(`\\bvote\\s+${VOTE}\\s+(?:on\\s+)?(?:proposal\\s+)?#?([\\w-]+)`, 'gi'), new RegExp(`(?<=^|[\\n.;!?]\\s*)${VOTE}\\s+(?:on\\s+)?(?:proposal\\s+#?|#)([\\w-]+)`, 'gi')]) {
      for (const m of text.matchAll(re)) found.push({ at: m.index!, action: 'vote', args: { proposal: ref(m[2]!), vote: m[1]!.toUpperCase() } });
    }
    for (const m of text.matchAll(new RegExp(`\\bproposal\\s+#?([\\w-]+)\\s*[:=\\-\u2013]\\s*${VOTE}\\b`, 'gi'))) found.push({ at: m.index!, action: 'vote', args: { proposal: ref(m[1]!), vote: m[2]!.toUpperCase() } });
    const state = text.match(/\b(?:i\s+am|i'm|i\s+become|i\s+feel|i\s+set\s+my\s+mental\s+state\s+to|my\s+mental\s+state\s+is|mental\s+state:?)\s+(?:now\s+)?(paranoid|calm)\b/i);
    if (state) found.push({ at: state.index!, action: 'set-mental-state', args: { state: state[1]![0]!.toUpperCase() + state[1]!.slice(1).toLowerCase() } });
    return found.sort((a, b) => a.at - b.at);
  };
  api.on('message', (e) => {
    const person = String(e.payload.person ?? '');
    const channel = (e.payload.medium as JsonObject | undefined)?.channel as string | undefined;
    if (!person) return;
    const designation = channel && api.imported('4E6', 'designation') ? api.call<string>('4E6', 'designation', channel) : 'Public';
    const month = 31 * 86_400_000;
    for (const a of readPost(String(e.payload.text ?? ''))) {
      const open = designation === 'Public' || (a.action === 'set-mental-state' && channel !== undefined && api.imported('4E6', 'wasPublicWithin') && api.call<boolean>('4E6', 'wasPublicWithin', channel, month));
      if (open) api.perform(a.action, a.args, { agent: person, person });
    }
  });

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
