// Rule 1002: Plinks. Each Player's Plinks are `player.plinks`; a new Player gets 59 once. No Player
// may have a negative number of Plinks: a Player's own (non-mandatory) action that would take more
// Plinks than e has is refused (`debit` with voluntary = true), and anything else that would takes
// em to zero instead; a write that would leave a negative number leaves zero. This paragraph takes
// precedence over all other rules (Rule 6 puts this rule first).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const bonus = api.param('bonus', { pattern: /given (\d+)\s+plinks/, parse: (m) => Number(m[1]) });
  const plinks = (player: string) => Number(api.get('player/' + player)?.attrs.plinks ?? 0);

  api.on('player-joined', (e) => {
    const key = 'player/' + e.payload.player;
    if (!api.get(key) || typeof api.get(key)!.attrs.plinks === 'number') return;
    api.set(key, 'plinks', bonus);
    api.own(key, api.self.id, 'plinks');
  });

  api.before('set', (w) => {
    if (!w.key.startsWith('player/') || w.attr !== 'plinks' || typeof w.value !== 'number') return undefined;
    return w.value < 0 ? { value: 0 } : undefined;
  });
  api.settle(() => {
    for (const p of api.all('player', (p) => typeof p.attrs.plinks === 'number' && p.attrs.plinks < 0)) api.set(p.key, 'plinks', 0);
  });

  api.export('plinks', plinks);
  api.export('credit', (player: string, amount: number) => {
    if (!api.get('player/' + player)) return 0;
    api.set('player/' + player, 'plinks', plinks(player) + Math.round(amount));
    return Math.round(amount);
  });
  /** Takes Plinks from a Player; returns how many were taken. */
  api.export('debit', (player: string, amount: number, voluntary: boolean) => {
    if (!api.get('player/' + player)) return 0;
    const have = plinks(player);
    const want = Math.round(amount);
    if (voluntary && want > have) api.refuse(`Rule 1002: ${player} has ${have} Plinks, not ${want}; no Player may have a negative number of Plinks`);
    const taken = Math.min(have, want);
    api.set('player/' + player, 'plinks', have - taken);
    return taken;
  });
}
