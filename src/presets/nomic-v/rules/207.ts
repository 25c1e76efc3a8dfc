// Rule 207: a player required to perform an action has 48 hours; one who does not becomes inactive
// until they perform it or it becomes impossible. Other rules register duties through `require`.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const allotted = api.param('allotted time', { pattern: /(?:a total of|have|within)\s+(\d+)\s+hours/i, parse: (m) => Number(m[1]) * 3_600_000 });

  api.export('require', (player: string, action: string, ref: string, what: string) => {
    const duty = api.create('duty', { player, action, ref, what, since: api.now(), due: api.now() + allotted, status: 'open' });
    // At the same instant as other timers (a turn ending as the 48 hours run out), those fire first:
    // the player was active for the whole of a vote that closes at that instant.
    api.timer(api.now() + allotted, 'duty-overdue', { duty: duty.id }, { order: 4 });
    return duty.id;
  });

  const close = (ref: string, status: 'done' | 'impossible') => {
    for (const duty of api.all('duty', (d) => d.attrs.ref === ref && d.attrs.status !== 'done' && d.attrs.status !== 'impossible')) {
      api.update(duty.key, { status });
      const p = api.get('player/' + duty.attrs.player);
      if (p && p.attrs.inactiveBecauseOf === duty.id) api.update(p.key, { active: true, inactiveBecauseOf: null, inactiveBecause: null });
    }
  };
  api.export('fulfil', (ref: string) => close(ref, 'done'));
  api.export('impossible', (ref: string) => close(ref, 'impossible'));

  api.on('duty-overdue', (e) => {
    const duty = api.get('duty/' + e.payload.duty);
    if (!duty || duty.attrs.status !== 'open') return;
    api.update(duty.key, { status: 'overdue' });
    const p = api.get('player/' + duty.attrs.player);
    if (p && p.attrs.active === true) {
      api.update(p.key, { active: false, inactiveSince: api.now(), inactiveBecauseOf: duty.id, inactiveBecause: `did not ${duty.attrs.what} within the allotted time (Rule 207)` });
    }
  });
}
