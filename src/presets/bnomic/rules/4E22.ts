// Rule 4E22: Supporting. An action done "with N supporters" is announced (4E21's `announce`);
// other Players `support` it (not the announcer); it may be taken within 2 ndays after it has N
// supporters, which it must have by 2 ndays after the nday of the announcement.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const within = api.param('time to act', { pattern: /perform the action\s+within (\d+) ndays after at least N Players support/, parse: (m) => Number(m[1]) });
  const deadline = api.param('support deadline', { pattern: /required support (\d+) ndays after the nday/, parse: (m) => Number(m[1]) });
  const count = () => Number(api.get('clock/clock')?.attrs.count ?? 0);
  const isPlayer = (id: string) => Boolean(api.get('player/' + id));
  const intent = (ref: unknown) => api.get('intent/' + String(ref));

  api.action('support', {
    describe: 'Support an announced action (not your own).',
    args: { intent: 'string' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'Rule 4E22: only Players support';
      const i = intent(ctx.args.intent);
      if (!i) return `there is no intent ${ctx.args.intent}`;
      if (Number(i.attrs.supportersNeeded) === 0) return 'that action does not need supporters';
      if (i.attrs.status !== 'announced') return `that action is already ${i.attrs.status}`;
      if (i.attrs.by === ctx.agent) return 'Rule 4E22: a Player may not support an action he attempted to perform';
      if ((i.attrs.supporters as string[]).includes(ctx.agent)) return 'you already support it';
      if (i.attrs.supportedNday === null && count() > Number(i.attrs.ndayAt) + deadline) return `Rule 4E22: support had to arrive within ${deadline} ndays of the announcement`;
    },
    perform(ctx) {
      const i = intent(ctx.args.intent)!;
      const supporters = [...(i.attrs.supporters as string[]), ctx.agent];
      api.set(i.key, 'supporters', supporters);
      if (i.attrs.supportedNday === null && supporters.filter(isPlayer).length >= Number(i.attrs.supportersNeeded)) api.set(i.key, 'supportedNday', count());
      return i.key;
    },
  });

  api.export('blocked', (id: string) => {
    const i = intent(id);
    if (!i) return 'there is no such intent';
    if (i.attrs.supportedNday === null) return `Rule 4E22: the action needs ${i.attrs.supportersNeeded} supporters; it has ${(i.attrs.supporters as string[]).length}`;
    if (count() > Number(i.attrs.supportedNday) + within) return `Rule 4E22: the action had to be taken within ${within} ndays after it had its supporters`;
    return null;
  });
  api.export('lapsed', (id: string) => {
    const i = intent(id);
    if (!i || Number(i.attrs.supportersNeeded) === 0) return false;
    return i.attrs.supportedNday === null ? count() > Number(i.attrs.ndayAt) + deadline : count() > Number(i.attrs.supportedNday) + within;
  });
}
