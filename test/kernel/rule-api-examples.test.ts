// Every example in docs/RULE-API.md: type-checked against docs/rule-api.d.ts, run in a game, its behaviour checked, its game replayed.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { Game, verifyReplay } from '../../src/kernel/game.js';
import type { HostLibrary } from '../../src/kernel/sandbox.js';
import type { Input, Json, JsonObject, LogEntry } from '../../src/kernel/types.js';
import { parseProposal } from '../../src/formats/proposal.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { HOUR, T0 } from '../support/kernel.js';

const DAY = 24 * HOUR;
const DOC = readFileSync(new URL('../../docs/RULE-API.md', import.meta.url), 'utf8');
const DTS = readFileSync(new URL('../../docs/rule-api.d.ts', import.meta.url), 'utf8');

/** example name -> rule number -> code, from the blocks marked `<!-- example: name/rule -->`. */
const examples = new Map<string, Map<string, string>>();
for (const m of DOC.matchAll(/<!-- example: ([\w-]+)\/([\w.+~-]+) -->\n```ts\n([\s\S]*?)```/g)) {
  const [, name, rule, code] = m;
  if (!examples.has(name!)) examples.set(name!, new Map());
  examples.get(name!)!.set(rule!, code!);
}
const code = (name: string, rule: string): string => {
  const found = examples.get(name)?.get(rule);
  if (found === undefined) throw new Error(`docs/RULE-API.md has no example ${name}/${rule}`);
  return found;
};
const rule = (name: string, number: string, extra: JsonObject = {}): JsonObject => ({ number, text: 'Example.', code: code(name, number), ...extra });

const LIB: HostLibrary = { parseProposal: (text: string) => parseProposal(String(text)) as unknown as Json };
const games: { game: Game; store: MemoryEventStore }[] = [];
afterEach(async () => {
  // Every example's game replays to the same effects and state.
  for (const { game, store } of games.splice(0)) {
    expect((await verifyReplay(store, 'doc', { lib: LIB })).ok).toBe(true);
    game.close();
  }
});

async function play(rules: JsonObject[], objects: Record<string, JsonObject> = {}) {
  const store = new MemoryEventStore();
  const game = await Game.create(store, 'doc', { start: T0, seed: 1 }, { lib: LIB });
  games.push({ game, store });
  const setup = await game.submit({ kind: 'setup', at: T0, data: { rules: rules.map((r) => ({ text: 'Example.', ...r })), objects } });
  expect(setup.outcome.status, setup.outcome.message).toBe('ok');
  let now = T0;
  const act = async (person: string, action: string, args: JsonObject = {}, as?: string) =>
    (await game.submit({ kind: 'action', at: now, person, action, args, ...(as ? { as } : {}) })).outcome;
  const submit = (input: Input) => game.submit(input);
  const advance = async (ms: number): Promise<LogEntry[]> => {
    now += ms;
    return game.advanceTo(now);
  };
  const attrs = (key: string) => game.state.objects[key]?.attrs;
  return { game, act, submit, advance, attrs, now: () => now };
}

describe('docs/RULE-API.md', () => {
  it('has examples, and each has a test below', () => {
    const tested = ['hello', 'bank', 'write-hooks', 'devices', 'rules', 'change-sets', 'precedence', 'voting', 'agents', 'events', 'timers',
      'time-bases', 'params', 'counting', 'cards', 'plain-words', 'history', 'computed'];
    expect([...examples.keys()].sort()).toEqual([...tested].sort());
  });

  it('type-checks every example against docs/rule-api.d.ts', () => {
    const options: ts.CompilerOptions = {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'], types: [],
    };
    const files = new Map<string, string>([['/virtual/rule-api.d.ts', DTS]]);
    for (const [name, rules] of examples) for (const [n, text] of rules) files.set(`/virtual/${name}-${n}.ts`, text);
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.getSourceFile = (name, language, ...rest) => (files.has(name) ? ts.createSourceFile(name, files.get(name)!, language) : getSourceFile.call(host, name, language, ...rest));
    host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
    host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
    const program = ts.createProgram([...files.keys()], options, host);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });

  it('hello: an action that tells everyone', async () => {
    const t = await play([rule('hello', '1')]);
    expect((await t.act('alice', 'hello')).outputs).toEqual([{ to: 'all', text: 'alice says hello' }]);
  });

  it('bank: objects created, read, set, kept secret and destroyed', async () => {
    const t = await play([rule('bank', '1')]);
    expect((await t.act('alice', 'open')).result).toBe('account/alice');
    await t.act('bob', 'open');
    expect(await t.act('alice', 'open')).toMatchObject({ status: 'refused', message: 'you already have an account', rule: '1' });
    expect(await t.act('alice', 'pay', { to: 'bob', amount: 4 })).toMatchObject({ status: 'ok', result: 1 });
    expect(t.attrs('account/alice')?.balance).toBe(6);
    expect(t.attrs('account/bob')).toMatchObject({ balance: 14, lastPaidBy: 'alice' });
    expect(t.attrs('receipt/1')).toEqual({ from: 'alice', to: 'bob', amount: 4 });
    expect((await t.act('alice', 'pay', { to: 'bob', amount: 100 })).message).toBe('you cannot pay that');
    expect((await t.act('alice', 'pay', { to: 'zed', amount: 1 })).message).toBe('both of you need an account');
    expect((await t.act('alice', 'pay', { to: 'bob', amount: 'lots' })).message).toBe('pay: the argument "amount" must be number');
    await t.act('alice', 'hide-balance');
    expect(t.game.state.objects['account/alice']?.secret).toEqual({ balance: ['alice'] });
    const seenByBob = await t.game.preview({ kind: 'action', at: t.now(), person: 'alice', action: 'hide-balance', args: {} }, 'bob');
    expect(seenByBob.status).toBe('ok');
    expect((await t.act('alice', 'close')).result).toBe(1);
    expect(t.attrs('account/alice')).toBeUndefined();
    expect(t.attrs('receipt/1')).toBeUndefined();
  });

  it('write-hooks: a cap on balances and receipts no rule may destroy', async () => {
    const t = await play([rule('bank', '1'), rule('write-hooks', '2')], { 'account/carol': { balance: 95, holder: 'carol' } });
    await t.act('alice', 'open');
    await t.act('alice', 'pay', { to: 'carol', amount: 10 });
    expect(t.attrs('account/carol')?.balance).toBe(100);
    expect(t.attrs('account/alice')?.balance).toBe(0);
    expect(await t.act('alice', 'close')).toMatchObject({ status: 'refused', message: 'receipts are kept forever', rule: '2' });
    expect(t.attrs('account/alice')).toBeDefined();
  });

  it('devices: code on objects, hosted with a few API methods', async () => {
    const t = await play([rule('devices', '1')]);
    const buzzer = `export default (api) => api.action('buzz', { perform: () => 'bzzt at ' + api.now() })`;
    expect((await t.act('alice', 'build', { code: buzzer })).result).toBe('device/1');
    expect((await t.act('bob', 'buzz')).result).toBe(`bzzt at ${T0}`);
    await t.act('alice', 'build', { code: `export default (api) => api.action('shout', { perform: () => api.message('all', 'hi') })` });
    expect(await t.act('bob', 'shout')).toMatchObject({ status: 'refused', message: 'the code on device/2 may not use api.message' });
  });

  it('rules: listed, enacted, retitled, annotated, repealed, and a rule-change check', async () => {
    const t = await play([rule('rules', '1'), { number: '2', text: 'This rule cannot change.', mutable: false }]);
    expect((await t.act('ann', 'list-rules')).result).toEqual(['1', '2 (immutable)']);
    expect(await t.act('ann', 'tidy', { rule: '2', title: 'Fixed' })).toMatchObject({ status: 'refused', message: 'immutable rules cannot be changed' });
    expect((await t.act('ann', 'new-rule', { text: 'Hats are mandatory.' })).result).toBe('3');
    expect((await t.act('ann', 'tidy', { rule: '3', title: 'Hats' })).result).toBe('Hats');
    expect((t.attrs('rule/3')?.history as JsonObject[]).map((h) => h.kind)).toEqual(['enacted', 'retitled', 'annotated']);
    expect(await t.act('ann', 'strike', { rule: '1' })).toMatchObject({ status: 'refused', message: 'rule 1 cannot be repealed', rule: '1' });
    expect((await t.act('ann', 'strike', { rule: '3' })).status).toBe('ok');
    expect(t.attrs('rule/3')).toBeUndefined();
    expect(Object.keys(t.game.state.objects).filter((k) => k.startsWith('repealed-rule/3'))).toHaveLength(1);
  });

  it('change-sets: previewed, then applied all or nothing', async () => {
    const t = await play([rule('change-sets', '1')]);
    const good: Json = [{ enact: { number: '5', text: 'Players wear hats.' } }, { set: { path: 'game.hats', value: true } }];
    const bad: Json = [{ enact: { number: '6', text: 'Socks too.' } }, { amend: { rule: '99', text: 'No.' } }];
    expect((await t.act('ann', 'propose', { changes: good })).result).toBe(1);
    expect((await t.act('ann', 'propose', { changes: bad })).result).toBe(2);
    expect(t.attrs('proposal/1')).toMatchObject({ works: true, warnings: [] });
    expect(t.attrs('proposal/2')).toMatchObject({ works: false });
    expect(t.attrs('rule/5')).toBeUndefined(); // previewing changed nothing
    expect((await t.act('ann', 'adopt', { proposal: 1 })).result).toEqual(['5', null]);
    expect(t.attrs('rule/5')?.text).toBe('Players wear hats.');
    expect(t.attrs('game/game')?.hats).toBe(true);
    await t.act('ann', 'adopt', { proposal: 2 });
    expect(t.attrs('proposal/2')?.status).toMatch(/^failed: there is no rule 99/);
    expect(t.attrs('rule/6')).toBeUndefined();
    expect(await t.act('ann', 'adopt', { proposal: 7 })).toMatchObject({ status: 'refused', message: 'there is no such proposal' });
  });

  it('precedence: the greater power prevails', async () => {
    const greet = (n: string) => `export default (api) => api.action('greet', { perform: () => 'hello from rule ${n}' });`;
    const others = [{ number: '2', power: 1, code: greet('2') }, { number: '3', power: 2, code: greet('3') }];
    const plain = await play(others);
    expect((await plain.act('ann', 'greet')).result).toBe('hello from rule 2');
    const ranked = await play([rule('precedence', '1'), ...others]);
    expect((await ranked.act('ann', 'greet')).result).toBe('hello from rule 3');
  });

  it('voting: arguments, legality, checks from other rules, refused hooks, acting for others, savepoints', async () => {
    const t = await play([rule('voting', '1'), rule('voting', '2'), rule('voting', '3')], { 'player/alice': {}, 'player/bob': { banned: true }, 'player/carol': {} });
    expect((await t.act('alice', 'open')).result).toBe('1');
    expect((await t.act('alice', 'vote', { proposal: 1, vote: 'yes' })).status).toBe('ok');
    expect(t.attrs('proposal/1')?.['vote:alice']).toBe('yes');
    expect(await t.act('carol', 'vote', { proposal: 1, vote: 'maybe' })).toMatchObject({ status: 'refused', message: 'vote yes or no', rule: '1' });
    expect(await t.act('carol', 'vote', { proposal: 7, vote: 'yes' })).toMatchObject({ status: 'refused', message: 'that proposal is not open' });
    expect(await t.act('bob', 'vote', { proposal: 1, vote: 'no' })).toMatchObject({ status: 'refused', message: 'banned players do not vote', rule: '2' });
    expect(Object.values(t.game.state.objects).filter((o) => o.type === 'strike').map((o) => o.attrs.who)).toEqual(['carol', 'carol', 'bob']);
    expect(t.attrs('proposal/1')?.['vote:bob']).toBeUndefined();
    expect(await t.act('mallory', 'open')).toMatchObject({ status: 'refused', message: 'mallory is suspended', rule: '2' });
    expect((await t.act('alice', 'vote', { proposal: 'one', vote: 'yes' })).message).toBe('vote: the argument "proposal" must be number');
    expect((await t.act('alice', 'vote-for-everyone', { proposal: 1 })).result).toEqual(['alice', 'carol']);
    expect(t.attrs('proposal/1')?.['vote:carol']).toBe('yes');
    expect((await t.act('alice', 'risky')).result).toBe('undone: changed my mind');
    expect(Object.keys(t.game.state.objects).filter((k) => k.startsWith('note/'))).toEqual([]);
  });

  it('agents: a party leader acts as the party', async () => {
    const t = await play([rule('agents', '1')], { 'party/red': { leader: 'alice' } });
    expect((await t.act('alice', 'declare', {}, 'party/red')).result).toBe('party/red (alice) declares');
    expect(await t.act('bob', 'declare', {}, 'party/red')).toMatchObject({ status: 'refused', message: 'bob may not act as party/red' });
    expect((await t.act('bob', 'declare')).result).toBe('bob (bob) declares');
  });

  it('computed: attributes derived from state and from the clock, kept in state', async () => {
    const t = await play([rule('computed', '1')]);
    await t.act('alice', 'join');
    expect(t.attrs('player/alice')).toMatchObject({ points: 0, rank: 'novice', daysPlayed: 0 });
    await t.act('alice', 'score');
    expect(t.attrs('player/alice')?.rank).toBe('novice');
    await t.act('alice', 'score');
    expect(t.attrs('player/alice')).toMatchObject({ points: 14, rank: 'veteran' });
    await t.advance(3 * 86_400_000 + 1);
    expect(t.attrs('player/alice')?.daysPlayed).toBe(0);
    await t.act('bob', 'tick');
    expect(t.attrs('player/alice')?.daysPlayed).toBe(3);
  });

  it('events: chat messages, emitted events, action events, a settle check that declares the winner', async () => {
    const t = await play([rule('events', '1')]);
    await t.submit({ kind: 'message', at: T0, person: 'bob', text: 'I object to that.' });
    await t.submit({ kind: 'message', at: T0, person: 'bob', text: 'Never mind.' });
    expect(t.attrs('game/game')?.objections).toBe(1);
    await t.act('alice', 'score');
    const second = await t.act('alice', 'score');
    expect(second.happenings.filter((h) => h.event === 'note').map((h) => (h.payload as JsonObject).text)).toEqual(['alice scored']);
    expect(t.attrs('game/game')?.winner).toBeNull();
    const third = await t.act('alice', 'score');
    expect(t.attrs('game/game')?.winner).toBe('alice');
    expect(third.outputs).toEqual([{ to: 'all', text: 'alice won: reached 30 points' }]);
  });

  it('timers: set, listed, cancelled, fired at game time', async () => {
    const t = await play([rule('timers', '1')]);
    expect((await t.act('ann', 'open')).result).toBe(1);
    expect((await t.act('ann', 'open')).result).toBe(2);
    await t.act('ann', 'withdraw', { proposal: 2 });
    const reminders = await t.advance(47 * HOUR);
    expect(reminders.flatMap((e) => e.outcome.outputs.map((o) => o.text))).toEqual(['proposal 1 closes in an hour']);
    expect(t.attrs('proposal/1')?.open).toBe(true);
    const closing = await t.advance(HOUR);
    expect(closing.map((e) => e.input.at)).toEqual([T0 + 48 * HOUR]);
    expect(t.attrs('proposal/1')?.open).toBe(false);
    expect(Object.keys(t.game.state.objects).filter((k) => k.startsWith('timer/'))).toEqual([]);
  });

  it('time-bases: an nday clock that pauses, and a turn counter', async () => {
    const t = await play([rule('time-bases', '1')]);
    await t.act('ann', 'schedule');
    await t.advance(DAY);
    await t.act('ann', 'pause', { paused: true });
    await t.advance(2 * DAY);
    expect(t.attrs('game/game')?.ndayDeadline).toBeUndefined();
    await t.act('ann', 'pause', { paused: false });
    await t.advance(2 * DAY);
    expect(t.attrs('game/game')?.ndayDeadline).toBe(T0 + 5 * DAY);
    await t.act('ann', 'end-turn');
    expect(t.attrs('game/game')?.turnDeadline).toBeUndefined();
    await t.act('ann', 'end-turn');
    expect(t.attrs('game/game')?.turnDeadline).toBe(2);
  });

  it('params: an amended text changes what the code does, and a text it cannot read switches it off', async () => {
    const text = 'Voting on a proposal lasts 48 hours. A proposal passes with a majority of 2/3.';
    const t = await play([rule('params', '1', { text }), rule('change-sets', '1', { number: '9' })]);
    expect((await t.act('ann', 'open')).result).toBe(1);
    expect(t.attrs('proposal/1')).toEqual({ closesAt: T0 + 48 * HOUR, needs: 2 / 3 });
    await t.act('ann', 'propose', { changes: [{ amend: { rule: '1', replace: [{ from: 'lasts 48 hours', to: 'lasts 12 hours' }] } }] });
    await t.act('ann', 'adopt', { proposal: 2 });
    expect((await t.act('ann', 'open')).result).toBe(3);
    expect(t.attrs('proposal/3')?.closesAt).toBe(T0 + 12 * HOUR);
    await t.act('ann', 'propose', { changes: [{ amend: { rule: '1', replace: [{ from: 'lasts 12 hours', to: 'lasts until the Speaker says so' }] } }] });
    expect(t.attrs('proposal/4')?.warnings).toEqual(["rule 1's code would be out of date: enforced by people"]);
    await t.act('ann', 'adopt', { proposal: 4 });
    expect(t.attrs('rule/1')?.codeOutOfDate).toBe(true);
    expect((await t.act('ann', 'open')).message).toBe('no rule defines the action "open"');
  });

  it('counting: one rule exports, another calls', async () => {
    const t = await play([rule('counting', '1'), rule('counting', '2')]);
    expect((await t.act('ann', 'count', { yes: 2, no: 1 })).result).toBe('passes');
    expect((await t.act('ann', 'count', { yes: 1, no: 1 })).result).toBe('fails');
    expect((await t.act('ann', 'count', { yes: 2, no: 0 })).result).toBe('fails');
  });

  it('cards: chance, secrets, private messages, a log note, a win', async () => {
    const t = await play([rule('cards', '1')]);
    const dealt = await t.act('dealer', 'deal', { players: ['ann', 'bob'] });
    expect(['ann', 'bob']).toContain(dealt.result);
    expect(dealt.outputs.map((o) => [o.to, o.channel])).toEqual([[['ann'], 'dm'], [['bob'], 'dm']]);
    const ann = t.game.state.objects['hand/ann']!;
    expect(ann.secret).toEqual({ card: ['ann'] });
    expect(dealt.outputs[0]!.text).toBe(`you drew the ${ann.attrs.card}`);
    expect(t.game.state.objects['hand/bob']!.attrs.card).not.toBe(ann.attrs.card);
    expect(dealt.happenings.find((h) => h.event === 'note')?.payload).toEqual({ text: 'cards dealt', data: { first: dealt.result } });
    await t.act('ann', 'concede');
    expect(t.attrs('game/game')?.winner).toBe('bob');
  });

  it('plain-words: a proposal in English becomes a change set', async () => {
    const t = await play([rule('plain-words', '1'), { number: '2', text: 'Votes last 24 hours.' }]);
    expect((await t.act('ann', 'propose-text', { text: 'Amend Rule 2 by replacing "24 hours" with "36 hours".' })).result).toBe(1);
    expect(t.attrs('rule/2')?.text).toBe('Votes last 36 hours.');
    // Text without a rule-change clause is read as a new rule; an empty text is nothing to do.
    expect((await t.act('ann', 'propose-text', { text: 'Players may wear hats.' })).result).toBe(1);
    expect(t.attrs('rule/3')?.text).toBe('Players may wear hats.');
    expect((await t.act('ann', 'propose-text', { text: '' })).message).toBe('nothing to do in that text: empty proposal: no changes');
  });

  it('history: the state at a past instant', async () => {
    const t = await play([rule('history', '1')]);
    await t.act('ann', 'set-score', { score: 5 });
    await t.advance(HOUR);
    await t.act('ann', 'set-score', { score: 9 });
    expect((await t.act('ann', 'score-at', { at: T0 + HOUR / 2 })).result).toBe(5);
    expect((await t.act('ann', 'score-at', { at: T0 + HOUR })).result).toBe(9);
    expect((await t.act('ann', 'score-at', { at: T0 - HOUR })).result).toBeNull();
  });
});
