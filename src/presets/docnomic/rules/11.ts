// Rule 11: The Generic Nomic Data Tracker. The game's state is the tracker: the rules' code makes
// the updates they require. Where an update the Rules require is left to people (an effect Doc
// determined outside the engine, a correction), any Player or Doc records it with `track`, on the
// data the Rules say the tracker holds (Points, Plinks, Gang membership, warehouse contents and
// owners, CEOs); any Player or Doc may undo an illegal update (`undo-update`). Every update is kept
// as an `update` record with its reason.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

const TRACKED = [
  /^player\/[^.]+\.(points|plinks|gang)$/,
  /^warehouse\/[^.]+\.(flour|beans|machineParts|plasticSpoons|company)$/,
  /^company\/[^.]+\.(ceo|name)$/,
];

export default function (api: RuleApi) {
  const isDocAgent = (agent: string): boolean => (api.imported('1', 'isDoc') ? api.call<boolean>('1', 'isDoc', agent) : agent !== '' && agent === api.get('game/game')!.attrs.doc);
  const game = () => api.get('game/game')!.attrs;
  const mayUpdate = (agent: string) =>
    agent !== '' && (isDocAgent(agent) || api.get('player/' + agent) !== undefined) ? undefined : 'Rule 11: only Players and Doc may use the tracker';
  const split = (path: string) => {
    const dot = path.lastIndexOf('.');
    return { key: path.slice(0, dot), attr: path.slice(dot + 1) };
  };

  api.action('track', {
    describe: 'As a Player or Doc, record in the tracker an update the Rules require (Points, Plinks, Gang membership, warehouse contents and owners), with the reason.',
    args: { path: 'string', value: 'json', reason: 'string' },
    legal(ctx) {
      const why = mayUpdate(ctx.agent);
      if (why) return why;
      const path = String(ctx.args.path);
      if (!TRACKED.some((p) => p.test(path))) return `Rule 11: ${path} is not tracked by the data tracker`;
      if (!api.get(split(path).key)) return `there is no ${split(path).key}`;
    },
    perform(ctx) {
      const path = String(ctx.args.path);
      const { key, attr } = split(path);
      const before = (api.get(key)!.attrs[attr] ?? null) as Json;
      api.set(key, attr, ctx.args.value as Json);
      const after = (api.get(key)!.attrs[attr] ?? null) as Json;
      const n = api.nextNumber('update');
      api.create('update', { path, before, after, by: ctx.agent, reason: String(ctx.args.reason), at: ctx.now, undone: false }, { id: String(n), owner: null });
      return 'update/' + n;
    },
  });

  api.action('undo-update', {
    describe: 'As a Player or Doc, undo an illegal tracker update (the value goes back to what it was).',
    args: { update: 'string', reason: 'string' },
    legal(ctx) {
      const why = mayUpdate(ctx.agent);
      if (why) return why;
      const u = api.get('update/' + String(ctx.args.update).replace(/^update\//, ''));
      if (!u) return `there is no update ${ctx.args.update}`;
      if (u.attrs.undone === true) return 'this update has been undone already';
      if (!api.get(split(String(u.attrs.path)).key)) return `${u.attrs.path} no longer exists`;
    },
    perform(ctx) {
      const u = api.get('update/' + String(ctx.args.update).replace(/^update\//, ''))!;
      const { key, attr } = split(String(u.attrs.path));
      api.set(key, attr, u.attrs.before === null ? undefined : u.attrs.before);
      api.update(u.key, { undone: true, undoneBy: ctx.agent, undoneBecause: String(ctx.args.reason), undoneAt: ctx.now });
      return u.key;
    },
  });
}
