// The mechanics the five seed rulesets disagree on, each expressed as a small test ruleset of rule
// code on an unchanged kernel: turn orders, clocks, voting schemes, precedence schemes, who
// decides, what exists, and amending the rule that changes rules (Suber 115).
import { afterEach, describe, expect, it } from 'vitest';
import { verifyReplay, type Game } from '../../src/kernel/game.js';
import { HOUR, testGame, type TestRule } from '../support/kernel.js';

const DAY = 24 * HOUR;
const games: Game[] = [];
afterEach(() => {
  for (const g of games.splice(0)) g.close();
});
async function make(rules: TestRule[]) {
  const t = await testGame(rules);
  games.push(t.game);
  return t;
}
async function verified(t: Awaited<ReturnType<typeof make>>) {
  expect((await verifyReplay(t.store, 'test')).ok).toBe(true);
}

const players = `export default (api) => api.action('join', { args: { surname: 'string?' }, perform: (ctx) => {
  api.create('player', { points: 0, gold: 0, surname: ctx.args.surname ?? ctx.person }, { id: ctx.person, owner: null });
} });`;

describe('turn orders', () => {
  it('alphabetical rotation by surname (Nomic I)', async () => {
    const t = await make([{ number: '1', code: players }, { number: '2', code: `export default (api) => {
      const order = () => api.all('player').sort((a, b) => a.attrs.surname.localeCompare(b.attrs.surname)).map((p) => p.id);
      api.action('start', { perform: () => { api.set('game/game', 'turn', order()[0]); } });
      api.action('end-turn', { legal: (ctx) => (api.get('game/game').attrs.turn === ctx.agent ? undefined : 'it is not your turn'), perform: () => {
        const o = order(); api.set('game/game', 'turn', o[(o.indexOf(api.get('game/game').attrs.turn) + 1) % o.length]);
      } });
    }` }]);
    await t.act('zed', 'join', { surname: 'Adams' });
    await t.act('amy', 'join', { surname: 'Young' });
    await t.act('bob', 'join', { surname: 'Moore' });
    await t.act('zed', 'start');
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const turn = String(t.attrs('game/game')?.turn);
      seen.push(turn);
      await t.act(turn, 'end-turn');
    }
    expect(seen).toEqual(['zed', 'bob', 'amy', 'zed']);
    expect((await t.act('amy', 'end-turn')).outcome.message).toBe('it is not your turn');
    await verified(t);
  });

  it('a 12-nday clock where each nday is a day of game time (B Nomic)', async () => {
    const t = await make([{ number: '4E14', text: 'An Era Cycle lasts 12 ndays.', code: `export default (api) => {
      const length = api.param('cycle', { pattern: /lasts (\\d+) ndays/, parse: (m) => Number(m[1]) });
      api.timeBase('nday', { kind: 'clock', rate: 1 / ${DAY} });
      api.on('setup', () => {});
      api.action('begin', { perform: () => { api.timer({ base: 'nday', value: length }, 'cycle-ends'); } });
      api.on('cycle-ends', () => { api.set('game/game', 'cycles', (api.get('game/game').attrs.cycles ?? 0) + 1); api.timer({ base: 'nday', value: Math.round(api.baseValue('nday')) + length }, 'cycle-ends'); });
    }` }]);
    await t.act('alice', 'begin');
    await t.advance(12 * DAY - 1);
    expect(t.attrs('game/game')?.cycles).toBeUndefined();
    await t.advance(1 + 12 * DAY);
    expect(t.attrs('game/game')?.cycles).toBe(2);
    await verified(t);
  });
});

describe('voting schemes', () => {
  const ballot = (classify: string) => `export default (api) => {
    ${classify}
    api.action('vote', { args: { vote: 'string' }, perform: (ctx) => {
      const v = classify(ctx.args.vote);
      if (v === null) api.refuse('"' + ctx.args.vote + '" is not a vote');
      api.set('game/game', 'vote:' + ctx.agent, v);
    } });
  }`;

  it('a vote is any text under 10 characters starting with y or n (Nomic I)', async () => {
    const t = await make([{ number: '302', code: ballot(`const classify = (t) => (t.length >= 10 ? null : /^y/i.test(t) ? 'for' : /^n/i.test(t) ? 'against' : null);`) }]);
    expect((await t.act('a', 'vote', { vote: 'Yessir' })).outcome.status).toBe('ok');
    expect((await t.act('b', 'vote', { vote: 'nope' })).outcome.status).toBe('ok');
    expect((await t.act('c', 'vote', { vote: 'yes indeed!' })).outcome.status).toBe('refused');
    expect((await t.act('d', 'vote', { vote: 'maybe' })).outcome.status).toBe('refused');
    expect(t.attrs('game/game')).toMatchObject({ 'vote:a': 'for', 'vote:b': 'against' });
    await verified(t);
  });

  it('FOR / AGAINST / ABSTAIN / SHELVE weighted by Strength and spending Stamina (B Nomic)', async () => {
    const t = await make([{ number: '4E30', code: `export default (api) => {
      api.action('vote', { args: { vote: 'string', strength: 'number?' }, perform: (ctx) => {
        const choice = ctx.args.vote.toUpperCase();
        if (!['FOR', 'AGAINST', 'ABSTAIN', 'SHELVE'].includes(choice)) api.refuse('vote FOR, AGAINST, ABSTAIN or SHELVE');
        const key = 'voter/' + ctx.agent;
        if (!api.get(key)) api.create('voter', { stamina: 5 }, { id: ctx.agent, owner: null });
        const strength = ctx.args.strength ?? 1;
        if (strength > api.get(key).attrs.stamina) api.refuse('not enough Stamina');
        api.set(key, 'stamina', api.get(key).attrs.stamina - strength);
        const tally = { ...(api.get('game/game').attrs.tally ?? {}) };
        tally[choice] = (tally[choice] ?? 0) + strength;
        api.set('game/game', 'tally', tally);
      } });
    }` }]);
    await t.act('a', 'vote', { vote: 'for', strength: 3 });
    await t.act('b', 'vote', { vote: 'AGAINST', strength: 2 });
    await t.act('c', 'vote', { vote: 'shelve' });
    expect((await t.act('a', 'vote', { vote: 'for', strength: 3 })).outcome.message).toBe('not enough Stamina');
    expect(t.attrs('game/game')?.tally).toEqual({ FOR: 3, AGAINST: 2, SHELVE: 1 });
    await verified(t);
  });
});

describe('precedence schemes', () => {
  // Two rules both define "greet"; the one with precedence wins.
  const greeter = (word: string) => `export default (api) => api.action('greet', { perform: () => '${word}' });`;

  it('immutable first, then the lowest number (Suber)', async () => {
    const t = await make([
      { number: '109', code: `export default (api) => api.precedence((a, b) => (a.attrs.mutable === b.attrs.mutable ? 0 : a.attrs.mutable ? 1 : -1));` },
      { number: '201', mutable: false, code: greeter('immutable 201') },
      { number: '150', mutable: true, code: greeter('mutable 150') },
    ]);
    expect((await t.act('a', 'greet')).outcome.result).toBe('immutable 201');
    await verified(t);
  });

  it('Power first, then the number (B Nomic 4E75)', async () => {
    const t = await make([
      { number: '4E75', code: `export default (api) => api.precedence((a, b) => (b.attrs.power ?? 1) - (a.attrs.power ?? 1));` },
      { number: '4E2', code: greeter('power 1') },
      { number: '4E90', code: greeter('power 3') },
    ]);
    await t.game.submit({ kind: 'setup', at: t.now(), data: { set: { 'rule/4E90.power': 3 } } });
    expect((await t.act('a', 'greet')).outcome.result).toBe('power 3');
    await verified(t);
  });

  it('the earlier enactment date first, then the number (DocNomic Rule 6)', async () => {
    const t = await make([
      { number: '6', code: `export default (api) => api.precedence((a, b) => (a.attrs.enactedAt ?? 0) - (b.attrs.enactedAt ?? 0));` },
      { number: '20', code: greeter('old 20') },
      { number: '9', code: `export default (api) => api.action('enact-greeter', { perform: () => { api.change.enact({ number: '5', text: 'New.', code: ${JSON.stringify(greeter('new 5'))} }, 'test'); } });` },
    ]);
    expect((await t.act('a', 'greet')).outcome.result).toBe('old 20');
    await t.advance(HOUR);
    await t.act('a', 'enact-greeter');
    // By number alone rule 5 would come first; enacted later, it defers to rule 20.
    expect((await t.act('a', 'greet')).outcome.result).toBe('old 20');
    await verified(t);
  });
});

describe('who decides', () => {
  it('the players by vote, a Judge, a Doc, an Oracle: each a recorded action of that person', async () => {
    const t = await make([{ number: '1', code: `export default (api) => {
      const office = (name) => api.get('game/game').attrs[name];
      api.action('appoint', { args: { office: 'string', person: 'string' }, perform: (ctx) => { api.set('game/game', ctx.args.office, ctx.args.person); } });
      for (const role of ['judge', 'doc', 'oracle']) {
        api.action(role + '-rules', { args: { question: 'string', ruling: 'string' },
          legal: (ctx) => (office(role) === ctx.agent ? undefined : 'only the ' + role + ' may rule'),
          perform: (ctx) => api.create('ruling', { by: ctx.agent, role, question: ctx.args.question, ruling: ctx.args.ruling }, { owner: null }).key });
      }
    }` }]);
    await t.act('host', 'appoint', { office: 'doc', person: 'dana' });
    expect((await t.act('eve', 'doc-rules', { question: 'q', ruling: 'r' })).outcome.message).toBe('only the doc may rule');
    const ruling = await t.act('dana', 'doc-rules', { question: 'Is 301 valid?', ruling: 'It is.' });
    expect(t.attrs(String(ruling.outcome.result))).toMatchObject({ by: 'dana', role: 'doc', ruling: 'It is.' });
    await verified(t);
  });
});

describe('what exists', () => {
  it('currencies a ruleset defines: gold changes hands, never below zero', async () => {
    const t = await make([{ number: '1', code: players }, { number: '307', code: `export default (api) => {
      api.action('mint', { args: { to: 'string', amount: 'number' }, perform: (ctx) => { api.set('player/' + ctx.args.to, 'gold', api.get('player/' + ctx.args.to).attrs.gold + ctx.args.amount); } });
      api.action('transfer', { args: { to: 'string', amount: 'number', currency: 'string' },
        legal: (ctx) => (ctx.args.currency !== 'gold' ? 'the only currency is gold' : !(ctx.args.amount > 0) ? 'transfer a positive amount' : api.get('player/' + ctx.agent).attrs.gold < ctx.args.amount ? 'not enough gold' : undefined),
        perform: (ctx) => {
          api.set('player/' + ctx.agent, 'gold', api.get('player/' + ctx.agent).attrs.gold - ctx.args.amount);
          api.set('player/' + ctx.args.to, 'gold', api.get('player/' + ctx.args.to).attrs.gold + ctx.args.amount);
        } });
    }` }]);
    await t.act('a', 'join');
    await t.act('b', 'join');
    await t.act('a', 'mint', { to: 'a', amount: 10 });
    expect((await t.act('a', 'transfer', { to: 'b', amount: 11, currency: 'gold' })).outcome.message).toBe('not enough gold');
    await t.act('a', 'transfer', { to: 'b', amount: 4, currency: 'gold' });
    expect([t.attrs('player/a')?.gold, t.attrs('player/b')?.gold]).toEqual([6, 4]);
    await verified(t);
  });
});

describe('the rules that change rules are rules too (Suber 115)', () => {
  it('amending the adoption rule changes how proposals are adopted', async () => {
    const adoption = (threshold: string) => `export default (api) => {
      api.action('propose', { args: { changes: 'json' }, perform: (ctx) => api.create('proposal', { changes: ctx.args.changes, yes: [], no: [] }, { owner: null }).key });
      api.action('vote', { args: { proposal: 'string', yes: 'boolean' }, perform: (ctx) => {
        const p = api.get('proposal/' + ctx.args.proposal);
        api.set(p.key, ctx.args.yes ? 'yes' : 'no', [...p.attrs[ctx.args.yes ? 'yes' : 'no'], ctx.agent]);
      } });
      api.action('close', { args: { proposal: 'string' }, perform: (ctx) => {
        const p = api.get('proposal/' + ctx.args.proposal);
        const adopted = ${threshold};
        api.set(p.key, 'status', adopted ? 'adopted' : 'rejected');
        if (adopted) { const r = api.applyChanges(p.attrs.changes, { cause: 'proposal ' + p.id }); if (!r.ok) api.refuse(r.error); }
      } });
    }`;
    const t = await make([{ number: '1', text: 'Simple majority.', code: adoption('p.attrs.yes.length > p.attrs.no.length') }, { number: '2', text: 'Nothing.' }]);
    // Under majority rule: a proposal makes adoption need unanimity.
    await t.act('a', 'propose', { changes: [{ amend: { rule: '1', text: 'Unanimity.', code: adoption('p.attrs.no.length === 0 && p.attrs.yes.length >= 3') } }] });
    await t.act('a', 'vote', { proposal: '1', yes: true });
    await t.act('b', 'vote', { proposal: '1', yes: true });
    await t.act('c', 'vote', { proposal: '1', yes: false });
    await t.act('a', 'close', { proposal: '1' });
    expect(t.attrs('proposal/1')?.status).toBe('adopted');
    // The same 2-to-1 vote now fails.
    await t.act('a', 'propose', { changes: [{ amend: { rule: '2', text: 'Something.' } }] });
    await t.act('a', 'vote', { proposal: '2', yes: true });
    await t.act('b', 'vote', { proposal: '2', yes: true });
    await t.act('c', 'vote', { proposal: '2', yes: false });
    await t.act('a', 'close', { proposal: '2' });
    expect(t.attrs('proposal/2')?.status).toBe('rejected');
    expect(t.attrs('rule/2')?.text).toBe('Nothing.');
    await verified(t);
  });
});
