// Rule 1000: Gangs. The Gangs are the ones this rule lists (`gang/ID`, e.g. `gang/scorpions`, with
// its `name` and its number of `members`). Every Player is a member of exactly one Gang
// (`player.gang`, a Gang's id); a Player without one, for any reason, is at once assigned a random
// Gang (a newcomer not into the one Gang all other Players share, see below). A Gang's number of members never falls below the number of Players in it. A Player's Gang
// written by its listed name ("The Jets", "Jets") is read as that Gang's id (`jets`).
import type { ObjectView, RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const names = api.param('gangs', {
    pattern: /list of Gangs:\s*\n((?:[ \t]*-[^\n]*\n?)+)/,
    parse: (m) => m[1]!.split('\n').map((l) => l.match(/^\s*-\s*(.+?)\s*$/)?.[1]).filter((n): n is string => Boolean(n)),
  });
  const slug = (name: string) => name.toLowerCase().replace(/^the\s+/, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  const ids = () => names.map(slug);

  /** A Gang by id or name ("jets", "The Jets", "Jets"). */
  const find = (ref: unknown): ObjectView | undefined => {
    const s = slug(String(ref ?? ''));
    return s ? api.get('gang/' + s) : undefined;
  };
  const playersIn = (gang: string) => api.all('player', (p) => p.attrs.gang === gang);

  /** The Gangs in the game are the ones listed. */
  const sync = () => {
    names.forEach((name) => {
      if (!api.get('gang/' + slug(name))) api.create('gang', { name, members: 0 }, { id: slug(name) });
    });
    for (const g of api.all('gang', (g) => !ids().includes(g.id))) api.destroy(g.key);
  };

  const assign = (player: string, newcomer = false) => {
    let gangs = api.all('gang');
    if (!gangs.length) return;
    // A newcomer is not dealt into the one Gang every other Player is in: a random deal must not
    // end Round 3 (Rule 1003) the moment a second Player joins.
    const others = api.all('player', (p) => p.id !== player && Boolean(p.attrs.gang));
    const shared = new Set(others.map((p) => p.attrs.gang));
    if (newcomer && others.length >= 1 && shared.size === 1 && gangs.length >= 2) gangs = gangs.filter((g) => !shared.has(g.id));
    const gang = api.pick(gangs);
    const key = 'player/' + player;
    api.set(key, 'gang', gang.id);
    api.own(key, api.self.id, 'gang');
    api.message('all', `${player} is assigned to ${gang.attrs.name} (Rule 1000).`, { channel: 'list' });
  };

  // The Players a game starts with are dealt their random Gangs at its start; a deal that put them
  // all in one Gang would end Round 3 before anyone played (Rule 1003), so it is dealt again for
  // the last of them among the other Gangs.
  api.on('setup', () => {
    sync();
    if (!api.get('gang-deal/start')) api.create('gang-deal', {}, { id: 'start' });
  });
  api.on('player-joined', (e) => {
    sync();
    const p = api.get('player/' + e.payload.player);
    if (p && !find(p.attrs.gang)) assign(p.id, true);
  });

  api.settle(() => {
    sync();
    // A Gang named as the rule lists it ("The Jets", "Jets") is that Gang: its id is kept.
    for (const p of api.all('player', (p) => Boolean(p.attrs.gang) && !api.get('gang/' + p.attrs.gang) && find(p.attrs.gang) !== undefined)) {
      api.set(p.key, 'gang', find(p.attrs.gang)!.id);
    }
    for (const p of api.all('player', (p) => !p.attrs.gang || !api.get('gang/' + p.attrs.gang))) assign(p.id);
    if (api.get('gang-deal/start')) {
      api.destroy('gang-deal/start');
      const players = api.all('player');
      const gangs = api.all('gang');
      if (players.length >= 2 && gangs.length >= 2 && new Set(players.map((p) => p.attrs.gang)).size === 1) {
        const last = players[players.length - 1]!;
        const other = api.pick(gangs.filter((g) => g.id !== last.attrs.gang));
        api.set(last.key, 'gang', other.id);
        api.message('all', `${last.id} is dealt to ${other.attrs.name} instead, so that the game does not start with every Player in one Gang (Rule 1000).`, { channel: 'list' });
      }
    }
    for (const g of api.all('gang')) {
      const least = playersIn(g.id).length;
      if (!(Number(g.attrs.members) >= least)) api.set(g.key, 'members', least);
    }
  });

  api.export('find', (ref: unknown) => find(ref)?.id ?? null);
  api.export('gangOf', (player: string) => (api.get('player/' + player)?.attrs.gang ?? null) as string | null);
  /** Sets a Gang's number of members, never below the number of Players in it; returns the result. */
  api.export('setMembers', (gang: string, n: number) => {
    const value = Math.max(Math.round(n), playersIn(gang).length);
    api.set('gang/' + gang, 'members', value);
    return value;
  });
}
