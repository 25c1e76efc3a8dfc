// Rule 114: server moderators (the "Moderator" role) designate channels and keep track of the
// state of the game; their corrections are recorded with a reason and cannot touch the rules.
// The role may be named "Moderator", "moderators", "mod" or "server moderator" in a game's roles.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const moderators = () => (api.get('game/game')!.attrs.moderators as string[] | undefined) ?? [];
  const onlyModerators = (ctx: { person: string; agent: string }) =>
    moderators().includes(ctx.person || ctx.agent) ? undefined : 'Rule 114: only server moderators (the "Moderator" role) may do this';

  api.on('setup', (e) => {
    const roles = (e.payload.roles ?? {}) as Record<string, string[]>;
    const mods = Object.entries(roles).filter(([role]) => /^(?:server[ -]?)?(?:moderator|mod)s?$/i.test(role.trim())).flatMap(([, who]) => who);
    api.set('game/game', 'moderators', mods);
    if (!api.get('channel/voting')) api.create('channel', { actions: ['vote'], designatedBy: 'default' }, { id: 'voting', owner: null });
  });

  api.action('designate-channel', {
    describe: 'As a moderator, designate the channels where an action must happen (Rule 115).',
    args: { channel: 'string', actions: 'string[]' },
    legal: onlyModerators,
    perform(ctx) {
      const id = String(ctx.args.channel).trim().replace(/^#/, '').toLowerCase();
      const key = 'channel/' + id;
      if (api.get(key)) api.update(key, { actions: ctx.args.actions as string[], designatedBy: ctx.person });
      else api.create('channel', { actions: ctx.args.actions as string[], designatedBy: ctx.person }, { id, owner: null });
      return key;
    },
  });

  api.action('set-moderator', {
    describe: 'As a moderator, give or take the Moderator role.',
    args: { person: 'string', moderator: 'boolean' },
    legal: onlyModerators,
    perform(ctx) {
      const others = moderators().filter((m) => m !== ctx.args.person);
      api.set('game/game', 'moderators', ctx.args.moderator ? [...others, String(ctx.args.person)] : others);
    },
  });

  api.action('correct', {
    describe: 'As a moderator keeping track of the game state, correct a value (recorded with its reason).',
    args: { path: 'string', value: 'json', reason: 'string' },
    legal: onlyModerators,
    perform(ctx) {
      const result = api.applyChanges([{ set: { path: String(ctx.args.path), value: ctx.args.value ?? null } }], { cause: `correction by moderator ${ctx.person}: ${ctx.args.reason}` });
      if (!result.ok) api.refuse(String(result.error));
      api.log(`moderator ${ctx.person} set ${ctx.args.path} to ${JSON.stringify(ctx.args.value)}: ${ctx.args.reason}`);
    },
  });
}
