// Rule 4E16: Victory. Victory Conditions are Game Documents (`victory/ID`: trigger, victors,
// cleanup, prize) that carry code: its `trigger()` export (read-only, hosted under this rule)
// returns the Players who win when the condition's events have happened, or nothing. When that
// happens the condition becomes Fulfilled, each Victor is awarded a Trophy (`trophy/ID`, with the
// Prize as its description; a Player's Win Count is `winCount`), the Cleanup (a change set)
// happens, and `game.winner` names the Victors (the game goes on). At the end of each nweek every
// Fulfilled condition ceases to be Fulfilled. Players receive Trophies in no other way.
import type { RuleApi } from '../../../kernel/rule-api.js';

const READ_ONLY = ['get', 'all', 'self', 'now', 'export', 'baseValue', 'imported', 'log'];

export default function (api: RuleApi) {
  api.param('once per nweek', { pattern: /At the end of each nweek, every Fulfilled Victory Condition ceases to\s+be Fulfilled/ });
  for (const v of api.all('victory')) api.host(v.key, { allow: READ_ONLY });

  const award = (id: string, victors: string[]) => {
    const v = api.get('victory/' + id)!;
    api.set(v.key, 'fulfilled', true);
    for (const player of victors) {
      const t = api.create('trophy', { holder: player, description: String(v.attrs.prize ?? ''), victory: id, awardedAt: api.now(), nweek: Number(api.get('clock/clock')?.attrs.nweek ?? 0) }, { owner: null });
      const p = api.get('player/' + player)!;
      api.set(p.key, 'winCount', Number(p.attrs.winCount ?? 0) + 1);
      api.log(`${player} is awarded a Trophy (${t.id}) for ${v.attrs.name ?? id}`);
    }
    const cleanup = v.attrs.cleanup;
    if (Array.isArray(cleanup) && cleanup.length) {
      const r = api.applyChanges(cleanup as never, { cause: `victory condition ${v.attrs.name ?? id} (cleanup)` });
      if (!r.ok) api.set(v.key, 'cleanupFailed', String(r.error));
    }
    api.win(victors.length === 1 ? victors[0]! : victors, `fulfilled the Victory Condition ${v.attrs.name ?? id} (Rule 4E16)`);
  };

  api.settle(() => {
    for (const v of api.all('victory', (v) => v.attrs.fulfilled !== true && typeof v.attrs.code === 'string')) {
      if (!api.imported(v.key, 'trigger')) continue;
      const result = api.call<unknown>(v.key, 'trigger');
      const victors = (Array.isArray(result) ? result : result ? [result] : []).map(String).filter((id) => api.get('player/' + id));
      if (victors.length) award(v.id, [...new Set(victors)]);
    }
  });

  api.on('player-joined', (e) => {
    const p = api.get('player/' + e.payload.player);
    if (p && p.attrs.winCount === undefined) api.set(p.key, 'winCount', 0);
  });
  api.on('nweek-ends', () => {
    for (const v of api.all('victory', (v) => v.attrs.fulfilled === true)) api.set(v.key, 'fulfilled', false);
  });
}
