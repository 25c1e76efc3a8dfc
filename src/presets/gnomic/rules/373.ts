// Rule 373: judgement fees. Invoking Judgment costs the invoker 20 points at once. If the Judge agrees
// with the invoker (`judge` with `agree: true`), the invoker earns 30 points and a player the invoker
// accused (`accuse`) loses 30. No loss applies to a player with less than 30 points, or if it would
// make another player win. If the Judgment is overruled, its award and penalty are taken back; the
// new Judge's decision counts instead.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const fee = api.param('fee', { pattern: /will instantly lose (\d+) points/, parse: (m) => Number(m[1]) });
  const reward = api.param('reward', { pattern: /the player will earn (\d+) points/, parse: (m) => Number(m[1]) });
  const penalty = api.param('penalty', { pattern: /this player will lose (\d+) points/, parse: (m) => Number(m[1]) });
  const floor = api.param('floor', { pattern: /has got less than (\d+) points/, parse: (m) => Number(m[1]) });

  const real = (id: string) =>
    typeof api.imported('369', 'realScore') === 'function' ? api.call<number>('369', 'realScore', id) : Math.max(0, Number(api.get('player/' + id)?.attrs.points ?? 0));
  const add = (id: string, n: number) => {
    const p = api.get('player/' + id);
    if (p) api.set(p.key, 'points', Number(p.attrs.points ?? 0) + n);
  };

  /** Whether `player` may be made to lose `amount` points under this rule. */
  const mayLose = (player: string, amount: number) => {
    const p = api.get('player/' + player);
    if (!p || p.attrs.left === true || real(player) < floor) return false;
    if (typeof api.imported('310', 'threshold') !== 'function') return true;
    const after = Math.max(0, real(player) - amount);
    const n = api.call<number>('310', 'threshold', { [player]: after });
    return !api.all('player', (o) => o.id !== player && o.attrs.left !== true).some((o) => real(o.id) >= n);
  };

  api.on('judgment-invoked', (e) => {
    const invoker = String(e.payload.invoker);
    const j = 'judgment/' + e.payload.judgment;
    if (mayLose(invoker, fee)) {
      add(invoker, -fee);
      api.set(j, 'fee', fee);
      api.log(`${invoker} loses ${fee} points for invoking Judgment (Rule 373)`);
    } else api.set(j, 'fee', 0);
  });

  api.on('judgment-decided', (e) => {
    const j = api.get('judgment/' + e.payload.judgment);
    if (!j || j.attrs.agree !== true) return;
    const invoker = String(j.attrs.invoker);
    add(invoker, reward);
    let penalised = 0;
    const accused = j.attrs.accuse as string | null;
    if (accused && mayLose(accused, penalty)) {
      add(accused, -penalty);
      penalised = penalty;
    }
    api.update(j.key, { reward, penalty: penalised });
    api.log(`The Judge agrees with ${invoker}: ${invoker} earns ${reward} points${penalised ? `, ${accused} loses ${penalised}` : ''} (Rule 373)`);
  });

  api.on('judgment-overruled', (e) => {
    const j = api.get('judgment/' + e.payload.judgment);
    if (!j || j.attrs.reward == null) return;
    add(String(j.attrs.invoker), -Number(j.attrs.reward));
    if (j.attrs.accuse && Number(j.attrs.penalty)) add(String(j.attrs.accuse), Number(j.attrs.penalty));
    api.update(j.key, { reward: 0, penalty: 0 });
  });
}
