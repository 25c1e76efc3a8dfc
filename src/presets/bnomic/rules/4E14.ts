// Rule 4E14: NTime. The Clock (`clock/clock`: nweek, nday, On/Off, ndelay) changes at every
// midnight UTC: if On the nday advances (past 12 it becomes 1, the nweek advances and the Clock
// turns Off), otherwise the ndelay does. Time bases count the changes so rules can set deadlines in
// ndays, ndelays and rdays ("X ndays" ends at the end of the nday after X changes). Each change runs,
// in order: the nweek's end, the nday's end, the change itself (deadlines fall due), the new nweek,
// the new nday, then actions scheduled for the start of the nday (4E7). The Clock turns Off when
// Voting begins; the Chairman may turn it On after publishing a Ballot of the Open Proposals; the
// MoM may turn it Off, and On when no Ministry is Vacant and no obligation is outstanding. Turning it
// On sets the ndelay to 0. There is a Ministry of Time (the Doctor).
import type { RuleApi } from '../../../kernel/rule-api.js';

const DAY = 86_400_000;

export default function (api: RuleApi) {
  const max = api.param('ndays in an nweek', { pattern: /greater than (\d+), instead it is set\s+to 1/, parse: (m) => Number(m[1]) });
  const nyear = api.param('nweeks in an nyear', { pattern: /A period of (\d+) nweeks is known as an nyear/, parse: (m) => Number(m[1]) });
  type Clock = { nweek: number; nday: number; state: 'On' | 'Off'; ndelay: number; count: number; rday: number; firstOn: number | null; votingOff: boolean };
  const clock = () => api.get('clock/clock')!.attrs as unknown as Clock;
  const holder = (m: string) => (api.get('ministry/' + m)?.attrs.holder ?? null) as string | null;
  const arm = () => api.timer((Math.floor(api.now() / DAY) + 1) * DAY, 'midnight', null, { id: 'midnight', order: -100 });

  const ministry = () => {
    if (!api.get('ministry/time')) api.create('ministry', { name: 'Ministry of Time', minister: 'Minister of Time', title: 'The Doctor', aliases: ['Doctor', 'Time'], holder: null, mini: false, rule: '4E14', history: [] }, { id: 'time' });
  };
  api.on('setup', () => {
    ministry();
    if (api.get('clock/clock')) return;
    for (const base of ['nday', 'ndelay', 'rday']) api.timeBase(base, { kind: 'counter' });
    const nweek = (api.imported('4E9', 'currentEraStart') as number | undefined) ?? 1;
    api.create('clock', { nweek, nyear: Math.ceil(nweek / nyear), nday: 1, state: 'On', ndelay: 0, count: 0, rday: 0, firstOn: api.now(), votingOff: false }, { id: 'clock' });
    // B Nomic has no turns: no Player's turn (`game.turn` null); the nweek is the game's round.
    api.update('game/game', { turn: null, round: nweek });
    arm();
  });
  api.settle(ministry);

  api.on('midnight', () => {
    arm();
    if (api.get('game/game')!.attrs.emergency === true) return api.emit('emergency-midnight', {}); // 4E0: game time is stopped
    const c = clock();
    if (c.state === 'On') {
      if (c.nday >= max) api.emit('nweek-ends', { nweek: c.nweek });
      api.emit('nday-ends', { nday: c.nday, nweek: c.nweek });
      api.emit('4E14-advance', {});
    } else {
      api.emit('4E14-ndelay', {});
    }
  });

  api.on('4E14-advance', () => {
    const c = clock();
    let nday = c.nday + 1;
    let nweek = c.nweek;
    const wrapped = nday > max;
    if (wrapped) {
      nday = 1;
      nweek++;
    }
    api.update('clock/clock', { nday, nweek, count: c.count + 1, rday: c.rday + 1, ...(wrapped ? { state: 'Off', firstOn: null, votingOff: false, nyear: Math.ceil(nweek / nyear) } : {}) });
    if (wrapped) api.set('game/game', 'round', nweek);
    api.advanceBase('nday');
    api.advanceBase('rday');
    if (wrapped) {
      api.emit('clock-off', { reason: 'the nweek ended' });
      api.emit('nweek-begins', { nweek });
    }
    api.emit('nday-begins', { nday, nweek });
    api.emit('nday-started', { nday, nweek });
  });

  api.on('4E14-ndelay', () => {
    const c = clock();
    api.update('clock/clock', { ndelay: c.ndelay + 1, rday: c.rday + 1 });
    api.advanceBase('ndelay');
    api.advanceBase('rday');
    api.emit('ndelay-begins', { ndelay: c.ndelay + 1 });
  });

  api.on('voting-begins', () => {
    if (clock().state === 'On') api.emit('clock-off', { reason: 'Voting began' });
    api.update('clock/clock', { state: 'Off', votingOff: true });
  });

  const ballotCovers = () => {
    const open = api.all('proposal', (p) => p.attrs.bStatus === 'Open').map((p) => p.id);
    const ballots = api.all('ballot').sort((a, b) => Number(a.attrs.at) - Number(b.attrs.at));
    const last = ballots[ballots.length - 1];
    return Boolean(last) && open.every((id) => (last!.attrs.proposals as string[]).includes(id));
  };
  const whyNotOn = (agent: string): string | undefined => {
    const c = clock();
    if (c.state === 'On') return 'the Clock is already On';
    const asChairman = holder('change') === agent && c.votingOff;
    if (asChairman) return ballotCovers() ? undefined : 'Rule 4E14: the Chairman must first publish a Ballot listing the Open Proposals (publish-ballot)';
    if (holder('ministry') !== agent) {
      return c.votingOff && holder('change') !== null
        ? 'Rule 4E14: during the Voting Period the Chairman turns the Clock On'
        : 'Rule 4E14: only the Chairman (after the Voting Period began) or the MoM may turn the Clock On';
    }
    const vacant = api.all('ministry', (m) => !m.attrs.holder).map((m) => String(m.attrs.name));
    if (vacant.length) return `Rule 4E14: the MoM turns the Clock On when no Ministry is Vacant; Vacant: ${vacant.join(', ')}`;
    const owed = api.all('obligation', (o) => o.attrs.status === 'open').map((o) => `${o.attrs.what}`);
    if (owed.length) return `Rule 4E14: ministerial obligations are outstanding: ${owed.join('; ')}`;
    return undefined;
  };

  const on = {
    describe: 'Turn the Clock On: the Chairman after publishing the Ballot during Voting, or the MoM when no Ministry is Vacant and no obligation is outstanding. The ndelay becomes 0.',
    legal: (ctx: { agent: string }) => whyNotOn(ctx.agent),
    perform() {
      const c = clock();
      api.update('clock/clock', { state: 'On', ndelay: 0, votingOff: false, firstOn: c.firstOn ?? api.now() });
      api.emit('clock-on', {});
    },
  };
  const off = {
    describe: 'As the MoM, turn the Clock from On to Off.',
    legal(ctx: { agent: string }) {
      if (holder('ministry') !== ctx.agent) return 'Rule 4E14: only the MoM may turn the Clock Off';
      if (clock().state !== 'On') return 'the Clock is already Off';
    },
    perform() {
      api.set('clock/clock', 'state', 'Off');
      api.emit('clock-off', { reason: 'the MoM turned it Off' });
    },
  };
  api.action('clock-on', on);
  api.action('clock-off', off);
  // Other natural spellings of the same Game Actions ("change the clock to be On").
  for (const alias of ['turn-clock-on', 'turn-on-clock', 'start-clock']) api.action(alias, { ...on, describe: 'The same as `clock-on`.' });
  for (const alias of ['turn-clock-off', 'turn-off-clock', 'stop-clock']) api.action(alias, { ...off, describe: 'The same as `clock-off`.' });
  api.action('set-clock', {
    describe: 'Change the Clock to be On or Off (`state`): the same as `clock-on` or `clock-off`.',
    args: { state: 'string' },
    legal(ctx) {
      const s = String(ctx.args.state).trim().toLowerCase();
      return s === 'on' ? on.legal(ctx) : s === 'off' ? off.legal(ctx) : 'the Clock is On or Off';
    },
    perform(ctx) {
      return String(ctx.args.state).trim().toLowerCase() === 'on' ? on.perform() : off.perform();
    },
  });

  api.export('ndaysPerNweek', max);
  api.export('nweeksInNyear', nyear);
}
