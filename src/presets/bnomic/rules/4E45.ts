// Rule 4E45: Ministries. A Ministry (`ministry/ID`) is assigned to at most one Player (`holder`);
// unassigned, it is Vacant. The rules that create Ministries keep them; this rule assigns them
// (every assignment is recorded in the Ministry's `history`), finds them by any of their names
// ("Chairman", "Minister of Change", "change"), and gives the ministries named in a game's `roles`
// to their holders when the game starts (a holder who is not yet a Player becomes one).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.param('at most one', { pattern: /assigned to at most one\s+Player/ });
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);
  const norm = (s: string) => s.toLowerCase().replace(/^the\s+/, '').replace(/[^a-z0-9]/g, '');

  const find = (ref: unknown): string | null => {
    if (ref === null || ref === undefined) return null;
    const r = norm(String(ref).replace(/^ministry\//, ''));
    for (const m of api.all('ministry')) {
      const names = [m.id, m.attrs.name, m.attrs.minister, m.attrs.title, ...((m.attrs.aliases as string[]) ?? [])].map((n) => norm(String(n ?? '')));
      if (names.includes(r) || names.includes(`ministryof${r}`) || names.includes(`ministerof${r}`)) return m.id;
    }
    return null;
  };

  const assign = (id: string, player: string | null, how: string) => {
    const m = api.get('ministry/' + id);
    if (!m) api.refuse(`there is no Ministry ${id}`);
    const previous = (m!.attrs.holder ?? null) as string | null;
    if (previous === player) return;
    const history = ((m!.attrs.history as any[]) ?? []).map((h) => (h.player === previous && h.to === null ? { ...h, to: nweek() } : h));
    if (player) history.push({ player, from: nweek(), to: null, how });
    api.update(m!.key, { holder: player, since: player ? api.now() : null, history });
    if (previous) api.emit('ministry-vacated', { ministry: id, player: previous, how });
    if (player) api.emit('ministry-taken', { ministry: id, player, how });
  };
  api.export('find', find);
  api.export('assign', assign);
  api.export('holder', (ref: unknown) => {
    const id = find(ref);
    return id ? ((api.get('ministry/' + id)!.attrs.holder ?? null) as string | null) : null;
  });

  // The game's roles: {Chairman: [alice], "Minister of Law": [bob], Oracle: [carol], ...}.
  api.on('setup', (e) => api.emit('4E45-roles', { roles: e.payload.roles ?? {} }));
  api.on('4E45-roles', (e) => {
    for (const [role, persons] of Object.entries((e.payload.roles ?? {}) as Record<string, string[]>)) {
      const id = find(role);
      const person = persons?.[0];
      if (!id || !person) continue;
      if (!api.get('player/' + person) && api.imported('4E4', 'admit')) api.call('4E4', 'admit', person);
      if (api.get('player/' + person)) assign(id, person, 'the game started with this role');
    }
  });
}
