import { afterEach, describe, expect, it } from 'vitest';
import { verifyReplay, type Game } from '../../src/kernel/game.js';
import { HOUR, testGame } from '../support/kernel.js';

const games: Game[] = [];
afterEach(() => {
  for (const g of games.splice(0)) g.close();
});
async function make(...args: Parameters<typeof testGame>) {
  const t = await testGame(...args);
  games.push(t.game);
  return t;
}

const scoring = `
export default function (api) {
  const hours = api.param('hours', { pattern: /(\\d+) hours/, parse: (m) => Number(m[1]) });
  api.action('join', { perform(ctx) { api.create('player', { points: 0 }, { id: ctx.agent, owner: null }); return 'player/' + ctx.agent; } });
  api.action('score', {
    args: { n: 'number' },
    legal(ctx) { if (!api.get('player/' + ctx.agent)) return 'only players score'; },
    perform(ctx) {
      const p = api.get('player/' + ctx.agent);
      api.set(p.key, 'points', p.attrs.points + ctx.args.n);
      api.timer({ in: hours * 3600000 }, 'ripe', { who: ctx.agent });
    },
  });
  api.on('ripe', (e) => api.set('player/' + e.payload.who, 'ripe', true));
  api.settle(() => {
    if (api.get('game/game').attrs.winner) return;
    for (const p of api.all('player')) if (p.attrs.points >= 100) api.win(p.id, '100 points');
  });
}`;

describe('a game of rule code', () => {
  it('performs actions, refuses illegal ones with the rule named, fires timers, declares winners', async () => {
    const { act, advance, attrs, game } = await make([{ number: '1', text: 'Points ripen after 24 hours.', code: scoring }]);
    expect((await act('alice', 'join')).outcome.result).toBe('player/alice');
    const refused = await act('bob', 'score', { n: 5 });
    expect(refused.outcome).toMatchObject({ status: 'refused', message: 'only players score', rule: '1' });
    expect((await act('alice', 'score', { n: 100 })).outcome.status).toBe('ok');
    expect(attrs('game/game')?.winner).toBe('alice');
    await advance(23 * HOUR);
    expect(attrs('player/alice')?.ripe).toBeUndefined();
    await advance(1 * HOUR);
    expect(attrs('player/alice')?.ripe).toBe(true);
    expect(game.seq).toBe(5);
  });

  it('checks argument types before the rules see them', async () => {
    const { act } = await make([{ number: '1', text: '24 hours', code: scoring }]);
    await act('alice', 'join');
    expect((await act('alice', 'score', { n: 'ten' })).outcome.message).toContain('must be number');
    expect((await act('alice', 'score', {})).outcome.message).toContain('needs the argument "n"');
    expect((await act('alice', 'fly')).outcome.message).toContain('no rule defines the action "fly"');
  });

  it('reads durations from the rule text, so amending the text changes behaviour', async () => {
    const { act, advance, attrs, game } = await make([
      { number: '1', text: 'Points ripen after 24 hours.', code: scoring },
      { number: '2', text: 'Amendments.', code: `export default (api) => api.action('amend', { args: { rule: 'string', text: 'string' }, perform(ctx) { api.change.amend(ctx.args.rule, { text: ctx.args.text }, 'test'); } });` },
    ]);
    await act('alice', 'join');
    await act('alice', 'amend', { rule: '1', text: 'Points ripen after 2 hours.' });
    await act('alice', 'score', { n: 1 });
    await advance(2 * HOUR);
    expect(attrs('player/alice')?.ripe).toBe(true);
    await act('alice', 'amend', { rule: '1', text: 'Points ripen eventually.' });
    expect(attrs('rule/1')?.codeOutOfDate).toBe(true);
    expect((await act('alice', 'score', { n: 1 })).outcome.message).toContain('no rule defines the action "score"');
    expect(game.state.objects['rule/1']?.attrs.history).toHaveLength(3);
  });

  it('replays every input to the same effects and state', async () => {
    const { act, advance, store, game } = await make([{ number: '1', text: '1 hours', code: scoring }], { seed: 7 });
    await act('alice', 'join');
    for (let i = 0; i < 30; i++) {
      await act('alice', 'score', { n: 1 });
      await advance(HOUR / 2);
    }
    const report = await verifyReplay(store, 'test');
    expect(report.ok).toBe(true);
    expect(report.entries).toBe(game.seq);
  });

  it('undoes everything an input did when a rule faults, and names the rule', async () => {
    const { act, attrs } = await make([
      { number: '1', text: '24 hours', code: scoring },
      { number: '7', code: `export default (api) => api.on('action-performed', () => { throw new Error('boom'); });` },
    ]);
    const entry = await act('alice', 'join');
    expect(entry.outcome).toMatchObject({ status: 'fault', rule: '7' });
    expect(entry.outcome.message).toContain('rule 7: boom');
    expect(attrs('player/alice')).toBeUndefined();
  });
});
