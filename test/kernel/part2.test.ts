// Engine core, part 2: one small test ruleset per capability (actions as values, attempts,
// agents, change sets, code on objects, time bases, write hooks, rules calling rules, media,
// history and rebase, corrections), each game checked by replay --verify.
import { afterEach, describe, expect, it } from 'vitest';
import { verifyReplay, type Game } from '../../src/kernel/game.js';
import { HOUR, T0, testGame, type TestRule } from '../support/kernel.js';

const DAY = 24 * HOUR;
const games: Game[] = [];
afterEach(() => {
  for (const g of games.splice(0)) g.close();
});

async function make(rules: TestRule[], options: Parameters<typeof testGame>[1] = {}) {
  const t = await testGame(rules, options);
  games.push(t.game);
  return t;
}

async function verified(t: Awaited<ReturnType<typeof make>>) {
  const report = await verifyReplay(t.store, 'test');
  expect(report.mismatch).toBeUndefined();
  expect(report.ok).toBe(true);
  expect(report.entries).toBe(t.game.seq);
}

const counters = `export default function (api) {
  api.action('add', { args: { n: 'number', to: 'string?' }, perform(ctx) {
    const key = 'counter/' + (ctx.args.to ?? 'x');
    if (!api.get(key)) api.create('counter', { value: 0 }, { id: ctx.args.to ?? 'x', owner: null });
    if (ctx.args.n < 0) api.refuse('negative amounts are refused');
    api.set(key, 'value', api.get(key).attrs.value + ctx.args.n);
  } });
}`;

describe('actions as values', () => {
  it('a Transaction that fails on its third action changes nothing (B Nomic 4E12)', async () => {
    const t = await make([
      { number: '1', code: counters },
      { number: '2', code: `export default (api) => api.action('transaction', { args: { steps: 'json' }, perform(ctx) {
          const result = api.applyChanges(ctx.args.steps.map((s) => ({ perform: { action: s.action, as: ctx.agent, args: s.args } })), { cause: 'transaction' });
          if (!result.ok) api.refuse('the transaction failed: ' + result.error);
        } });` },
    ]);
    const before = JSON.stringify(t.game.state.objects);
    const entry = await t.act('alice', 'transaction', { steps: [
      { action: 'add', args: { n: 1 } }, { action: 'add', args: { n: 2 } }, { action: 'add', args: { n: -3 } },
    ] });
    expect(entry.outcome.status).toBe('refused');
    expect(entry.outcome.message).toContain('negative amounts are refused');
    expect(JSON.stringify(t.game.state.objects)).toBe(before);
    expect((await t.act('alice', 'transaction', { steps: [{ action: 'add', args: { n: 1 } }, { action: 'add', args: { n: 2 } }] })).outcome.status).toBe('ok');
    expect(t.attrs('counter/x')?.value).toBe(3);
    await verified(t);
  });

  it('asks whether an action would be legal without doing it, and a check sees how it was invoked', async () => {
    const t = await make([
      { number: '1', code: counters },
      { number: '2', code: `export default (api) => {
        api.check('add', (ctx) => (ctx.invokedBy === 'input' && ctx.args.n > 10 ? 'people may add at most 10' : undefined));
        api.action('probe', { perform(ctx) {
          return { big: api.legal('add', { n: 50 }, { agent: ctx.agent }), small: api.legal('add', { n: 5 }, { agent: ctx.agent }), asRule: api.perform('add', { n: 50 }, { agent: ctx.agent }).ok };
        } });
      }` },
    ]);
    const probe = await t.act('alice', 'probe');
    expect(probe.outcome.result).toEqual({ big: true, small: true, asRule: true });
    expect((await t.act('alice', 'add', { n: 50 })).outcome.message).toBe('people may add at most 10');
    expect(t.attrs('counter/x')?.value).toBe(50);
    await verified(t);
  });

  it('a refusal leaves the records the rules ask for; a fault changes nothing; both are events', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.action('guess', { args: { n: 'number' },
        legal: (ctx) => (ctx.args.n === 7 ? undefined : 'wrong'),
        perform: () => { api.create('win', {}, { owner: null }); },
        refused: (ctx) => { api.set('game/game', 'attempts', (api.get('game/game').attrs.attempts ?? 0) + 1); },
      });
      api.action('crash', { perform: () => { api.set('game/game', 'x', 1); null.boom; } });
      api.on('action-refused', (e) => api.set('game/game', 'lastRefusal', e.payload.reason));
    }` }]);
    expect((await t.act('alice', 'guess', { n: 3 })).outcome.status).toBe('refused');
    expect((await t.act('alice', 'guess', { n: 4 })).outcome.status).toBe('refused');
    expect(t.attrs('game/game')?.attempts).toBe(2);
    const crash = await t.act('alice', 'crash');
    expect(crash.outcome.status).toBe('fault');
    expect(crash.outcome.message).toMatch(/^rule 1: /);
    expect(t.attrs('game/game')?.x).toBeUndefined();
    await verified(t);
  });
});

describe('agents', () => {
  it('a person acts as the agents the rules allow; some agents act only through rules', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.agents((person) => (person === 'alice' ? ['alice', 'party/red'] : [person]));
      api.action('speak', { perform: (ctx) => { api.set('game/game', 'spoke', ctx.agent + ' via ' + ctx.person); } });
      api.action('beast-eats', {
        legal: (ctx) => (ctx.invokedBy === 'rule' ? undefined : 'the Beast acts only through the rules'),
        perform: (ctx) => { api.set('game/game', 'eaten', ctx.agent); },
      });
      api.action('feed', { perform: () => api.perform('beast-eats', {}, { agent: 'beast' }).ok });
    }` }]);
    expect((await t.act('alice', 'speak', {}, { as: 'party/red' })).outcome.status).toBe('ok');
    expect(t.attrs('game/game')?.spoke).toBe('party/red via alice');
    expect((await t.act('bob', 'speak', {}, { as: 'party/red' })).outcome.message).toBe('bob may not act as party/red');
    expect((await t.act('bob', 'beast-eats', {}, { as: 'beast' })).outcome.status).toBe('refused');
    expect((await t.act('bob', 'feed')).outcome.result).toBe(true);
    expect(t.attrs('game/game')?.eaten).toBe('beast');
    await verified(t);
  });
});

describe('change sets', () => {
  const proposals = `export default (api) => {
    api.action('propose', { args: { changes: 'json' }, perform: (ctx) => api.create('proposal', { changes: ctx.args.changes, status: 'pending' }, { owner: null }).key });
    api.action('adopt', { args: { proposal: 'string' }, perform(ctx) {
      const p = api.get('proposal/' + ctx.args.proposal);
      const result = api.applyChanges(p.attrs.changes, { cause: 'proposal ' + p.id });
      if (!result.ok) api.refuse(result.error);
      api.set(p.key, 'status', 'adopted');
    } });
    api.action('preview', { args: { proposal: 'string' }, perform(ctx) {
      return api.previewChanges(api.get('proposal/' + ctx.args.proposal).attrs.changes, { cause: 'preview' });
    } });
  }`;

  it('nested meta-amendments: a proposal amends a proposal that amends a proposal (Gnomic)', async () => {
    const t = await make([{ number: '1', code: proposals }, { number: '2', text: 'Turns last one day.' }]);
    const a = await t.act('alice', 'propose', { changes: [{ amend: { rule: '2', replace: [{ from: 'one day', to: 'two days' }] } }] });
    const b = await t.act('bob', 'propose', { changes: [{ set: { path: `${a.outcome.result}.changes`, value: [{ amend: { rule: '2', replace: [{ from: 'one day', to: 'three days' }] } }] } }] });
    await t.act('carol', 'propose', { changes: [{ set: { path: `${b.outcome.result}.changes`, value: [{ set: { path: `${a.outcome.result}.changes`, value: [{ amend: { rule: '2', replace: [{ from: 'one day', to: 'four days' }] } }] } }] } }] });
    const preview = await t.act('dave', 'preview', { proposal: '1' });
    expect(preview.outcome.result).toMatchObject({ ok: true, effects: expect.any(Number) });
    expect(t.attrs('rule/2')?.text).toBe('Turns last one day.');
    for (const p of ['3', '2', '1']) expect((await t.act('alice', 'adopt', { proposal: p })).outcome.status).toBe('ok');
    expect(t.attrs('rule/2')?.text).toBe('Turns last four days.');
    const history = t.attrs('rule/2')?.history as { kind: string; cause: string }[];
    expect(history.at(-1)).toMatchObject({ kind: 'amended', cause: 'proposal 1' });
    await verified(t);
  });

  it('a change set with an assertion that fails is applied not at all', async () => {
    const t = await make([{ number: '1', code: proposals }, { number: '2', text: 'Old.' }]);
    await t.act('alice', 'propose', { changes: [{ amend: { rule: '2', text: 'New.' } }, { assert: { path: 'game.winner', equals: 'alice' } }] });
    const adopt = await t.act('alice', 'adopt', { proposal: '1' });
    expect(adopt.outcome.message).toContain('assertion failed');
    expect(t.attrs('rule/2')?.text).toBe('Old.');
    await verified(t);
  });
});

describe('code on objects', () => {
  const devices = `export default (api) => {
    for (const d of api.all('device')) api.host(d.key, { allow: ['action', 'get', 'set', 'self', 'now', 'refuse'] });
    api.action('build', { args: { code: 'string', power: 'number' }, perform: (ctx) => api.create('device', { code: ctx.args.code, power: ctx.args.power, owner: ctx.agent }).key });
    api.action('scrap', { args: { device: 'string' }, perform: (ctx) => api.destroy(ctx.args.device) });
  }`;

  it('a device with a power carries code that runs under its rule, with no more authority, and goes with it', async () => {
    const t = await make([{ number: '1', code: devices }, { number: '2', text: 'Keep me.' }]);
    const zapper = `export default (api) => api.action('zap', { args: { target: 'string' }, perform(ctx) {
      api.set('game/game', 'zapped', ctx.args.target + ' at power ' + api.get(api.self.key).attrs.power);
    } });`;
    const built = await t.act('alice', 'build', { code: zapper, power: 3 });
    expect((await t.act('alice', 'zap', { target: 'bob' })).outcome.status).toBe('ok');
    expect(t.attrs('game/game')?.zapped).toBe('bob at power 3');
    const greedy = `export default (api) => api.action('grab', { perform() { api.change.repeal('2', 'device'); } });`;
    await t.act('alice', 'build', { code: greedy, power: 9 });
    const grab = await t.act('alice', 'grab');
    expect(grab.outcome.status).not.toBe('ok');
    expect(grab.outcome.message).toContain('may not use api.change');
    expect(t.attrs('rule/2')).toBeDefined();
    await t.act('alice', 'scrap', { device: String(built.outcome.result) });
    expect((await t.act('alice', 'zap', { target: 'bob' })).outcome.message).toContain('no rule defines the action "zap"');
    await verified(t);
  });
});

describe('time bases and timers', () => {
  const clock = `export default (api) => {
    api.timeBase('nday', { kind: 'clock', rate: 1 / ${DAY} });
    api.action('schedule', { args: { nday: 'number', what: 'string' }, perform: (ctx) => { api.timer({ base: 'nday', value: ctx.args.nday }, 'scheduled', { what: ctx.args.what, by: ctx.agent }); } });
    api.on('scheduled', (e) => api.set('game/game', 'done', [...(api.get('game/game').attrs.done ?? []), e.payload.what + '@' + Math.round(api.baseValue('nday'))]));
    api.action('clock', { args: { on: 'boolean' }, perform: (ctx) => api.setBaseRate('nday', ctx.args.on ? 1 / ${DAY} : 0) });
  }`;

  it('an action a player scheduled for nday 8 happens then; turning the Clock off moves the deadline', async () => {
    const t = await make([{ number: '1', code: clock }]);
    await t.act('alice', 'schedule', { nday: 8, what: 'vote' });
    await t.act('alice', 'schedule', { nday: 4, what: 'early' });
    await t.advance(2 * DAY);
    await t.act('alice', 'clock', { on: false });
    await t.advance(3 * DAY); // nday stays 2 while the Clock is Off
    expect(t.attrs('game/game')?.done).toBeUndefined();
    await t.act('alice', 'clock', { on: true });
    await t.advance(2 * DAY);
    expect(t.attrs('game/game')?.done).toEqual(['early@4']);
    await t.advance(4 * DAY - 1);
    expect(t.attrs('game/game')?.done).toEqual(['early@4']);
    await t.advance(1);
    expect(t.attrs('game/game')?.done).toEqual(['early@4', 'vote@8']);
    await verified(t);
  });

  it('an action "without 2 objections" happens four days after it was announced, unless objected to', async () => {
    const t = await make([{ number: '1', code: counters }, { number: '2', text: 'An action announced without 2 objections happens after 4 days.', code: `export default (api) => {
      const days = api.param('days', { pattern: /after (\\d+) days/, parse: (m) => Number(m[1]) });
      const limit = api.param('objections', { pattern: /without (\\d+) objections/, parse: (m) => Number(m[1]) });
      api.action('announce', { args: { action: 'string', args: 'json' }, perform(ctx) {
        const intent = api.create('intent', { action: ctx.args.action, args: ctx.args.args, by: ctx.agent, objectors: [] }, { owner: null });
        api.timer({ in: days * ${DAY} }, 'intent-due', { intent: intent.id });
        return intent.key;
      } });
      api.action('object', { args: { intent: 'string' }, perform(ctx) {
        const i = api.get('intent/' + ctx.args.intent);
        api.set(i.key, 'objectors', [...new Set([...i.attrs.objectors, ctx.agent])]);
      } });
      api.on('intent-due', (e) => {
        const i = api.get('intent/' + e.payload.intent);
        if (i.attrs.objectors.length >= limit) return api.set(i.key, 'outcome', 'objected');
        const r = api.perform(i.attrs.action, i.attrs.args, { agent: i.attrs.by });
        api.set(i.key, 'outcome', r.ok ? 'performed' : r.error);
      });
    }` }]);
    await t.act('alice', 'announce', { action: 'add', args: { n: 5 } });
    await t.act('bob', 'announce', { action: 'add', args: { n: 100 } });
    await t.act('carol', 'object', { intent: '2' });
    await t.act('dave', 'object', { intent: '2' });
    await t.advance(4 * DAY - 1);
    expect(t.attrs('counter/x')).toBeUndefined();
    await t.advance(1);
    expect(t.attrs('counter/x')?.value).toBe(5);
    expect(t.attrs('intent/1')?.outcome).toBe('performed');
    expect(t.attrs('intent/2')?.outcome).toBe('objected');
    await verified(t);
  });

  it('a halved dun: a duration held in game state changes the next deadline (DocNomic Sudden Death)', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.on('setup', () => {});
      api.action('start', { perform: () => { api.set('game/game', 'dun', 48); api.timer({ in: 48 * ${HOUR} }, 'dun-ends'); } });
      api.action('sudden-death', { perform() {
        const dun = api.get('game/game').attrs.dun / 2;
        api.set('game/game', 'dun', dun);
        const [t] = api.timers('dun-ends');
        api.moveTimer(t.id, api.now() + dun * ${HOUR});
      } });
      api.on('dun-ends', () => api.set('game/game', 'ended', api.now()));
    }` }]);
    await t.act('alice', 'start');
    await t.act('alice', 'sudden-death');
    await t.advance(24 * HOUR);
    expect(t.attrs('game/game')?.dun).toBe(24);
    expect(t.attrs('game/game')?.ended).toBe(T0 + 24 * HOUR);
    await verified(t);
  });

  it('timers due at the same moment fire in the order rules set, then in creation order', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.action('arm', { perform() {
        api.timer({ in: 10 }, 'ring', 'b');
        api.timer({ in: 10 }, 'ring', 'first', { order: -1 });
        api.timer({ in: 10 }, 'ring', 'c');
        api.timer({ in: 10 }, 'ring', 'suspended');
        api.suspendTimer(api.timers('ring').find((t) => t.payload === 'suspended').id);
      } });
      api.on('ring', (e) => api.set('game/game', 'rang', [...(api.get('game/game').attrs.rang ?? []), e.payload]));
    }` }]);
    await t.act('alice', 'arm');
    await t.advance(HOUR);
    expect(t.attrs('game/game')?.rang).toEqual(['first', 'b', 'c']);
    await verified(t);
  });
});

describe('write hooks and rules calling rules', () => {
  it('a before-hook vetoes or adjusts writes; after-events carry the change', async () => {
    const t = await make([
      { number: '1', code: counters },
      { number: '2', text: 'No counter may exceed 10.', code: `export default (api) => {
        const cap = api.param('cap', { pattern: /exceed (\\d+)/, parse: (m) => Number(m[1]) });
        api.before('set', (w) => (w.key.startsWith('counter/') && w.attr === 'value' && w.value > cap ? { value: cap } : undefined));
        api.before('destroy', (w) => (w.key === 'counter/x' ? 'counters are forever' : undefined));
        api.on('object-set', (e) => { if (e.payload.key.startsWith('counter/')) api.set('game/game', 'lastChange', e.payload.before + '->' + e.payload.after); });
        api.action('smash', { perform: () => api.destroy('counter/x') });
      }` },
    ]);
    await t.act('alice', 'add', { n: 4 });
    await t.act('alice', 'add', { n: 40 });
    expect(t.attrs('counter/x')?.value).toBe(10);
    expect(t.attrs('game/game')?.lastChange).toBe('4->10');
    expect((await t.act('alice', 'smash')).outcome.message).toBe('counters are forever');
    await verified(t);
  });

  it('a rule reads a word another rule defines, and calls functions another rule exports (Gnomic 418)', async () => {
    const t = await make([
      { number: '418', text: 'A "quorum" is 3 players.' },
      { number: '2', code: `export default (api) => {
        const quorum = api.param('quorum', { rule: '418', pattern: /"quorum" is (\\d+)/, parse: (m) => Number(m[1]) });
        api.export('quorum', () => quorum);
      }` },
      { number: '3', code: `export default (api) => api.action('ask', { perform: () => api.call('2', 'quorum') });` },
    ]);
    expect((await t.act('alice', 'ask')).outcome.result).toBe(3);
    await verified(t);
  });

  it("whether a rule's code runs is an attribute rules set (void, suspended)", async () => {
    const t = await make([
      { number: '1', code: counters },
      { number: '2', code: `export default (api) => api.action('void', { args: { rule: 'string', on: 'boolean' }, perform: (ctx) => api.change.setAttr(ctx.args.rule, 'void', ctx.args.on || null, 'test') });` },
    ]);
    await t.act('alice', 'void', { rule: '1', on: true });
    expect((await t.act('alice', 'add', { n: 1 })).outcome.message).toContain('no rule defines');
    await t.act('alice', 'void', { rule: '1', on: false });
    expect((await t.act('alice', 'add', { n: 1 })).outcome.status).toBe('ok');
    await verified(t);
  });
});

describe('media', () => {
  it('messages, edits, deletions and presence are inputs rules read, with their medium', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.on('message', (e) => api.set('game/game', 'said', e.payload.person + '@' + e.payload.medium.channel + ':' + e.payload.text));
      api.on('message-edited', (e) => api.set('game/game', 'edited', e.payload.messageId));
      api.on('message-deleted', (e) => api.set('game/game', 'deleted', e.payload.messageId));
      api.on('presence', (e) => api.set('game/game', 'presence', e.payload.person + ' ' + e.payload.status));
    }` }]);
    await t.game.submit({ kind: 'message', at: T0, person: 'alice', text: 'hello', medium: { channel: 'general', messageId: 'm1' } });
    await t.game.submit({ kind: 'edit', at: T0, person: 'alice', messageId: 'm1', text: 'hi' });
    await t.game.submit({ kind: 'delete', at: T0, person: 'alice', messageId: 'm1' });
    await t.game.submit({ kind: 'presence', at: T0, person: 'bob', status: 'online' });
    expect(t.attrs('game/game')).toMatchObject({ said: 'alice@general:hello', edited: 'm1', deleted: 'm1', presence: 'bob online' });
    await verified(t);
  });
});

describe('history and rebase', () => {
  it('reads the state as of a past instant', async () => {
    const t = await make([{ number: '1', code: counters }, { number: '2', code: `export default (api) => api.action('recall', { args: { at: 'number' }, perform: (ctx) => api.stateAt(ctx.args.at)['counter/x']?.attrs.value ?? null });` }]);
    await t.act('alice', 'add', { n: 1 });
    await t.advance(HOUR);
    await t.act('alice', 'add', { n: 1 });
    expect((await t.act('alice', 'recall', { at: T0 + 1 })).outcome.result).toBe(1);
    expect((await t.act('alice', 'recall', { at: T0 + 2 * HOUR })).outcome.result).toBe(2);
    await verified(t);
  });

  it('a Public Display approved: the past is patched and 20 later inputs re-simulated (B Nomic 4E50)', async () => {
    const t = await make([{ number: '1', code: counters }, { number: '2', code: `export default (api) => {
      api.action('approve-display', { args: { at: 'number', value: 'number' }, perform: (ctx) => {
        api.rebase({ at: ctx.args.at, changes: [{ set: { path: 'counter/x.value', value: ctx.args.value } }], cause: 'public display approved' });
      } });
      api.action('roll', { perform: () => { api.set('game/game', 'roll', api.random()); } });
    }` }]);
    await t.act('alice', 'add', { n: 1 });
    const displayAt = T0 + 30 * 60_000;
    for (let i = 0; i < 20; i++) {
      await t.advance(HOUR);
      await t.act('bob', i === 10 ? 'roll' : 'add', { n: 1 });
    }
    expect(t.attrs('counter/x')?.value).toBe(20);
    const roll = t.attrs('game/game')?.roll;
    await t.act('carol', 'approve-display', { at: displayAt, value: 100 });
    expect(t.attrs('counter/x')?.value).toBe(119);
    expect(t.attrs('game/game')?.roll).toBe(roll); // the re-run reused the recorded draw
    await verified(t);
  });
});

describe('corrections to the first part', () => {
  it('amending keeps what a rule owns; repealing a scoring rule keeps the scores', async () => {
    const t = await make([
      { number: '1', text: 'Scores.', code: `export default (api) => api.action('score', { perform: (ctx) => {
        if (!api.get('player/' + ctx.agent)) api.create('player', { points: 0 }, { id: ctx.agent, owner: null });
        api.set('player/' + ctx.agent, 'points', api.get('player/' + ctx.agent).attrs.points + 1);
        if (!api.get('badge/' + ctx.agent)) api.create('badge', {}, { id: ctx.agent });
      } });` },
      { number: '2', code: `export default (api) => {
        api.action('amend', { perform: () => { api.change.amend('1', { text: 'Scores!' }, 'test'); } });
        api.action('repeal', { perform: () => { api.change.repeal('1', 'test'); } });
      }` },
    ]);
    await t.act('alice', 'score');
    await t.act('alice', 'amend');
    expect(t.attrs('badge/alice')).toBeDefined();
    await t.act('alice', 'repeal');
    expect(t.attrs('badge/alice')).toBeUndefined();
    expect(t.attrs('player/alice')?.points).toBe(1);
    expect(t.game.state.objects['repealed-rule/1.1']?.attrs.history).toBeDefined();
    await verified(t);
  });

  it('a preview draws from its own stream and hides secrets', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.action('draw', { perform: (ctx) => { const n = Math.floor(api.random() * 1000); api.create('card', {}, { id: String(api.nextNumber('card')), owner: null }); api.secret('game/game', 'hand', n, [ctx.agent]); return n; } });
    }` }]);
    const previews = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      const p = await t.game.preview({ kind: 'action', at: T0, person: 'alice', action: 'draw', args: {} }, 'bob');
      previews.add(p.result);
      const hand = p.effects.find((e) => e.op === 'set' && e.attr === 'hand');
      expect(hand && 'value' in hand).toBe(false);
    }
    expect(previews.size).toBeGreaterThan(1);
    const real = await t.act('alice', 'draw');
    expect(typeof real.outcome.result).toBe('number');
    await verified(t);
  });

  it('a rule can be enacted without a number; its identity is not its number', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.action('enact', { perform: () => api.change.enact({ number: '', text: 'Unnumbered.' }, 'test').id });
      api.action('number', { args: { id: 'string' }, perform: (ctx) => { api.change.renumber(ctx.args.id, '7', 'test'); } });
    }` }]);
    const id = String((await t.act('alice', 'enact')).outcome.result);
    expect(t.attrs(`rule/${id}`)?.number).toBe('');
    await t.act('alice', 'number', { id });
    expect(t.attrs(`rule/${id}`)?.number).toBe('7');
    await verified(t);
  });

  it('the brake: the host operator with a reason, or everyone who acted in the last 7 days', async () => {
    const t = await make([{ number: '1', code: counters }, { number: '9', code: `export default (api) => api.check('*', () => 'everything is forbidden');` }]);
    expect((await t.act('alice', 'add', { n: 1 })).outcome.message).toBe('everything is forbidden');
    await t.act('bob', 'add', { n: 1 });
    const first = await t.game.submit({ kind: 'brake', at: T0, person: 'alice', rule: '9', on: true, reason: 'rule 9 refuses everything' });
    expect(first.outcome.result).toEqual({ waitingFor: ['bob'] });
    expect((await t.game.submit({ kind: 'brake', at: T0, person: 'mallory', rule: '9', on: true, reason: 'x' })).outcome.status).toBe('refused');
    await t.game.submit({ kind: 'brake', at: T0, person: 'bob', rule: '9', on: true, reason: 'agreed' });
    expect(t.attrs('rule/9')?.inert).toBe(true);
    expect((await t.act('alice', 'add', { n: 1 })).outcome.status).toBe('ok');
    await t.game.submit({ kind: 'brake', at: T0, person: 'host', rule: '9', on: false, reason: 'fixed', operator: true });
    expect(t.attrs('rule/9')?.inert).toBeUndefined();
    await verified(t);
  });
});

describe('secrets', () => {
  it('a secret ballot is hidden until the rules reveal it', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      api.action('ballot', { args: { vote: 'string' }, perform: (ctx) => { api.create('ballot', {}, { id: ctx.agent, owner: null }); api.secret('ballot/' + ctx.agent, 'vote', ctx.args.vote, ['proponent']); } });
      api.action('post', { perform: () => { for (const b of api.all('ballot')) api.reveal(b.key, 'vote'); } });
    }` }]);
    await t.act('alice', 'ballot', { vote: 'yes' });
    expect(t.game.state.objects['ballot/alice']?.secret).toEqual({ vote: ['proponent'] });
    await t.act('proponent', 'post');
    expect(t.game.state.objects['ballot/alice']?.secret).toBeUndefined();
    expect(t.attrs('ballot/alice')?.vote).toBe('yes');
    await verified(t);
  });
});
