// Rule 4E4: Joining and Leaving. A person asks to join (`join`); players may Ratify or Reject the
// request within 10 rdays; the person becomes a Player once two rdays have passed, two players have
// Ratified and fewer than two have Rejected. A player may forfeit at any time (the object moves to
// `former-player/NAME`). The Operantly Conditioned Beast is a Player (`player/beast`), acting only
// through the rules (4E71). There is a Ministry of Society (the Registrar).
import type { RuleApi } from '../../../kernel/rule-api.js';

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const num = (s: string) => (WORDS[s.toLowerCase()] ?? Number(s));

export default function (api: RuleApi) {
  const window = api.param('ratification window', { pattern: /within (\w+) rdays of its being made/, parse: (m) => num(m[1]!) });
  const wait = api.param('waiting time', { pattern: /At least (\w+) rdays have passed/, parse: (m) => num(m[1]!) });
  const needed = api.param('ratifications', { pattern: /Ratified by at least (\w+) Players/, parse: (m) => num(m[1]!) });
  const vetoes = api.param('rejections', { pattern: /Fewer than (\w+) players have Rejected/, parse: (m) => num(m[1]!) });
  const rday = () => Number(api.get('clock/clock')?.attrs.rday ?? 0);
  const isPlayer = (id: string) => Boolean(api.get('player/' + id));

  const admit = (person: string, name: string, registered = true) => {
    if (isPlayer(person)) return 'player/' + person;
    api.create('player', { name, joinedAt: api.now() }, { id: person, owner: null });
    if (api.imported('4E11', 'applyDefaults')) api.call('4E11', 'applyDefaults', 'player/' + person);
    api.emit('player-joined', { player: person, registered });
    return 'player/' + person;
  };
  api.export('admit', (person: string) => admit(person, person));

  const ensure = () => {
    if (!api.get('ministry/society')) api.create('ministry', { name: 'Ministry of Society', minister: 'Minister of Society', title: 'Registrar', aliases: ['Society'], holder: null, mini: false, rule: '4E4', history: [] }, { id: 'society' });
  };
  api.on('setup', (e) => {
    ensure();
    for (const person of (e.payload.players ?? []) as string[]) admit(String(person), String(person));
    if (!isPlayer('beast')) admit('beast', 'The Operantly Conditioned Beast', false);
    api.set('player/beast', 'beast', true);
  });
  api.settle(ensure);

  // A request is named by its id, or by the person (or the name) who made it.
  const request = (ref: unknown) => api.get('join-request/' + String(ref).replace(/^join-request\//, ''))
    ?? api.all('join-request', (r) => r.attrs.status === 'open' && (r.attrs.person === String(ref) || r.attrs.name === String(ref)))[0];
  const settleRequest = (id: string) => {
    const r = request(id);
    if (!r || r.attrs.status !== 'open') return;
    const ratified = (r.attrs.ratified as string[]).filter(isPlayer).length;
    const rejected = (r.attrs.rejected as string[]).filter(isPlayer).length;
    if (rday() - Number(r.attrs.rday) >= wait && ratified >= needed && rejected < vetoes) {
      api.update(r.key, { status: 'admitted', admittedAt: api.now() });
      admit(String(r.attrs.person), String(r.attrs.name));
    }
  };

  api.action('join', {
    describe: 'Ask to become a Player, under a uniquely identifying name (default: your own).',
    args: { name: 'string?' },
    legal(ctx) {
      if (!ctx.person) return 'only a person (a Human External Force) may ask to join';
      if (isPlayer(ctx.person)) return 'Rule 4E4: you are already a Player';
      if (api.all('join-request', (r) => r.attrs.person === ctx.person && r.attrs.status === 'open').length) return 'you have already asked to join';
      const name = String(ctx.args.name ?? ctx.person);
      if (api.all('player', (p) => p.attrs.name === name).length) return `Rule 4E4: the name "${name}" is not unique`;
    },
    perform(ctx) {
      const r = api.create('join-request', { person: ctx.person, name: String(ctx.args.name ?? ctx.person), at: ctx.now, rday: rday(), ratified: [], rejected: [], status: 'open' }, { owner: null });
      api.timer({ base: 'rday', value: rday() + wait }, 'join-check', { request: r.id });
      api.timer({ base: 'rday', value: rday() + window + 1 }, 'join-lapse', { request: r.id });
      return r.key;
    },
  });

  for (const [name, list, verb] of [['ratify-join', 'ratified', 'Ratify'], ['reject-join', 'rejected', 'Reject'], ['ratify', 'ratified', 'Ratify'], ['reject', 'rejected', 'Reject']] as const) {
    api.action(name, {
      describe: `${verb} a request to join, within ${window} rdays of its being made.`,
      args: { request: 'string?', player: 'string?' },
      legal(ctx) {
        if (!isPlayer(ctx.agent)) return `Rule 4E4: only players may ${verb} a request to join`;
        if (ctx.args.request == null && ctx.args.player == null) return 'name the request (`request`: the request or the person who made it)';
        const r = request(ctx.args.request ?? ctx.args.player);
        if (!r) return `there is no request to join ${ctx.args.request}`;
        if (r.attrs.status !== 'open') return `the request is ${r.attrs.status}`;
        if (rday() - Number(r.attrs.rday) > window) return `Rule 4E4: a request is ratified or rejected within ${window} rdays of its being made`;
        if ((r.attrs.ratified as string[]).includes(ctx.agent) || (r.attrs.rejected as string[]).includes(ctx.agent)) return 'you have already ratified or rejected this request';
      },
      perform(ctx) {
        const r = request(ctx.args.request ?? ctx.args.player)!;
        api.set(r.key, list, [...(r.attrs[list] as string[]), ctx.agent]);
        settleRequest(r.id);
        return r.key;
      },
    });
  }
  api.on('join-check', (e) => settleRequest(String(e.payload.request)));
  api.on('join-lapse', (e) => {
    const r = request(e.payload.request);
    if (r && r.attrs.status === 'open') api.set(r.key, 'status', 'lapsed');
  });

  api.action('forfeit', {
    describe: 'Leave the game. No restriction may be placed on when a player may forfeit.',
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only a Player can forfeit';
      if (ctx.agent === 'beast') return 'Rule 4E4: notwithstanding anything, the Beast is a Player';
      return true;
    },
    perform(ctx) {
      const p = api.get('player/' + ctx.agent)!;
      api.destroy(p.key);
      api.create('former-player', { ...p.attrs, active: false, leftAt: ctx.now }, { id: p.id, owner: null });
      api.emit('player-left', { player: p.id });
    },
  });
}
