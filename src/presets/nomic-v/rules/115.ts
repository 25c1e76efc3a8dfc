// Rule 115: an action that does not occur in a channel designated for it is not a valid action.
// Inputs from the web app or the CLI carry no channel: the engine itself is their designated place.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.check('*', (ctx) => {
    const channel = ctx.medium?.channel;
    if (!channel || ctx.invokedBy !== 'input') return undefined;
    const designated = api.all('channel', (c) => ((c.attrs.actions as string[]) ?? []).includes(ctx.action)).map((c) => c.id);
    // "#voting", "Voting" and "voting" are one channel.
    const name = String(channel).trim().replace(/^#/, '').toLowerCase();
    if (designated.length === 0 || designated.includes(name) || (/^votes?$/.test(name) && !api.get('channel/' + name) && designated.includes('voting'))) return undefined;
    return `Rule 115: ${ctx.action} must happen in ${designated.map((c) => '#' + c).join(' or ')}, not #${channel}`;
  });
}
