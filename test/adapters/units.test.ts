// The adapters' parts on their own: configuration, links, personal addresses, mail commands, rendering, the port's idempotency and concurrency, the outbox.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { parseFrontsConfig, roleHolders } from '../../src/adapters/config.js';
import { LinkStore } from '../../src/adapters/links.js';
import { personalAddress, readRecipient, verifyPersonal } from '../../src/adapters/mail/addresses.js';
import { baseSubject, cleanBody, parseCommands } from '../../src/adapters/mail/commands.js';
import { MailGateway, type OutgoingMail } from '../../src/adapters/mail/gateway.js';
import { InProcessGamePort, mediumKey } from '../../src/adapters/port.js';
import { chunks, lineDiff, rulesetText } from '../../src/adapters/render.js';
import { GameService } from '../../src/engine/games.js';
import type { LogEntry } from '../../src/kernel/types.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';

const T0 = Date.UTC(2026, 0, 5, 12);

describe('the fronts configuration', () => {
  it('resolves paths, fills defaults and refuses what cannot work', () => {
    const c = parseFrontsConfig({ data: 'd', games: [{ game: 'g', discord: { guild: '123456', channels: { '222222': 'game' } } }] }, '/srv');
    expect(c.data).toBe('/srv/d');
    expect(c.links).toBe('/srv/d/links.json');
    expect(c.games[0]!.discord).toMatchObject({ unlinked: 'remind', deadlines: true, roles: {}, actions: {} });
    expect(() => parseFrontsConfig({ games: [{ game: 'g', discord: { guild: 'x', channels: {} } }] })).toThrow(/discord\.guild: a Discord id is a number/);
    expect(() => parseFrontsConfig({ games: [] })).toThrow(/name at least one game/);
    expect(() => parseFrontsConfig({ games: [
      { game: 'a', discord: { guild: '123456', channels: { '222222': 'game' } } },
      { game: 'b', discord: { guild: '123456', channels: { '222222': 'game' } } },
    ] })).toThrow(/mapped to two games/);
    expect(() => parseFrontsConfig({ games: [{ game: 'g', mail: { list: 'not an address' } }] })).toThrow(/an e-mail address/);
  });

  it('reads role holders from the state: defaults for Inactive, Moderator, Judge, or a configured source', () => {
    const state = {
      seq: 1, now: 0, counters: {}, rng: [1, 2, 3, 4] as [number, number, number, number],
      objects: {
        'game/game': { type: 'game', id: 'game', attrs: { moderators: ['carol'] } },
        'player/alice': { type: 'player', id: 'alice', attrs: { active: true, points: 3 } },
        'player/dave': { type: 'player', id: 'dave', attrs: { active: false } },
        'judgment/1': { type: 'judgment', id: '1', attrs: { status: 'open', judge: 'alice' } },
        'judgment/2': { type: 'judgment', id: '2', attrs: { status: 'decided', judge: 'dave' } },
      },
    };
    expect([...roleHolders(state, 'Inactive')]).toEqual(['dave']);
    expect([...roleHolders(state, 'Moderator')]).toEqual(['carol']);
    expect([...roleHolders(state, 'Judge')]).toEqual(['alice']);
    expect([...roleHolders(state, 'Scorer', { Scorer: { type: 'player', where: { points: 3 } } })]).toEqual(['alice']);
    expect([...roleHolders(state, 'Nobody')]).toEqual([]);
  });
});

describe('links', () => {
  it('are made once per code, before it expires, and survive a restart', () => {
    let now = T0;
    const path = join(mkdtempSync(join(tmpdir(), 'nomicon-links-')), 'links.json');
    const links = new LinkStore(path, () => now);
    const code = links.issueCode('alice', 60_000);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(links.redeem(code.toLowerCase().replace('-', ' '), 'discord', '42')).toEqual({ person: 'alice' });
    expect(links.redeem(code, 'discord', '43')).toEqual({ error: expect.stringMatching(/not known/) });
    const late = links.issueCode('bob', 60_000);
    now += 61_000;
    expect(links.redeem(late, 'mail', 'Bob@Example.org')).toEqual({ error: expect.stringMatching(/expired/) });
    links.link('mail', ' Bob@Example.ORG ', 'bob');
    const again = new LinkStore(path, () => now);
    expect(again.person('discord', '42')).toBe('alice');
    expect(again.person('mail', 'bob@example.org')).toBe('bob');
    expect(again.accounts('mail', 'bob')).toEqual(['bob@example.org']);
    expect(again.unlink('discord', '42')).toBe(true);
    expect(again.person('discord', '42')).toBeUndefined();
  });
});

describe('personal addresses', () => {
  it('carry a token only the secret makes', () => {
    const address = personalAddress('Nomic@Lists.Test', 'secret', 'g', 'Alice Smith');
    expect(address).toMatch(/^nomic\+alice-smith\.[a-z2-7]{16}@lists\.test$/);
    const r = readRecipient('nomic@lists.test', address.toUpperCase());
    expect(r).toMatchObject({ kind: 'personal', alias: 'alice-smith' });
    expect(verifyPersonal('secret', 'g', r as never, ['bob', 'Alice Smith'])).toBe('Alice Smith');
    expect(verifyPersonal('other secret', 'g', r as never, ['Alice Smith'])).toBeUndefined();
    expect(verifyPersonal('secret', 'another game', r as never, ['Alice Smith'])).toBeUndefined();
    expect(readRecipient('nomic@lists.test', 'nomic@lists.test')).toEqual({ kind: 'list' });
    expect(readRecipient('nomic@lists.test', 'other@lists.test')).toBeUndefined();
    expect(readRecipient('nomic@lists.test', 'nomic+alice.short@lists.test')).toBeUndefined();
  });
});

describe('mail commands', () => {
  it('reads list players\' phrases, a proposal after its opening line, and reports', () => {
    const body = cleanBody('I vote FOR 301.\nI vote aye on proposal #302\nI endorse 7\nI unendorse proposal 8\nI withdraw my proposal 9\nI perform declare-inactive\nI perform judge {"judgment": "1", "ruling": "TRUE"}\nPlease send the FLR\n\n-- \nsig\n');
    expect(parseCommands('Re: [Nomic] Votes', body)).toEqual([
      { kind: 'action', action: 'vote', args: { vote: 'FOR', proposal: '301' }, said: 'I vote FOR 301.' },
      { kind: 'action', action: 'vote', args: { vote: 'aye', proposal: '302' }, said: 'I vote aye on proposal #302' },
      { kind: 'action', action: 'endorse', args: { proposal: '7' }, said: 'I endorse 7' },
      { kind: 'action', action: 'unendorse', args: { proposal: '8' }, said: 'I unendorse proposal 8' },
      { kind: 'action', action: 'withdraw', args: { proposal: '9' }, said: 'I withdraw my proposal 9' },
      { kind: 'action', action: 'declare-inactive', args: {}, said: 'I perform declare-inactive' },
      { kind: 'action', action: 'judge', args: { judgment: '1', ruling: 'TRUE' }, said: 'I perform judge {"judgment": "1", "ruling": "TRUE"}' },
      { kind: 'report', report: 'flr', said: 'Please send the FLR' },
    ]);
    expect(parseCommands('Proposal: Shorter turns', 'Friends,\nI submit the following proposal:\n\nAmend Rule 203.\n\nThanks')).toEqual([
      { kind: 'action', action: 'propose', args: { text: 'Amend Rule 203.\n\nThanks', title: 'Shorter turns' }, said: 'I submit the following proposal:' },
    ]);
    expect(parseCommands('link abcde-fghjk', '')).toEqual([{ kind: 'link', code: 'abcde-fghjk' }]);
    expect(parseCommands('Hello', 'Just chatting. I think I vote later, maybe.')).toEqual([]);
    expect(parseCommands('x', 'I invoke judgment: is Rule 203 broken?', { judgment: 'call-for-judgment' })[0]).toMatchObject({ action: 'call-for-judgment', args: { question: 'is Rule 203 broken?' } });
    expect(cleanBody('mine\n\nOn Mon, 5 Jan 2026, Bob wrote:\n> theirs')).toBe('mine');
    expect(baseSubject('Re: RE: [Nomic V] Fwd: Proposal: X')).toBe('Proposal: X');
  });
});

describe('rendering', () => {
  it('diffs lines, splits long text at line ends, exports the ruleset', async () => {
    expect(lineDiff('a\nb\nc\nd\ne', 'a\nb\nC\nd\ne')).toBe('  b\n- c\n+ C\n  d');
    expect(lineDiff('a\nb\nc\nd\ne\nf\ng', 'A\nb\nc\nd\ne\nf\nG')).toBe('- a\n+ A\n  b\n  ...\n  f\n- g\n+ G');
    expect(chunks('aaa\nbbb\nccc', 8)).toEqual(['aaa\nbbb', 'ccc']);
    expect(chunks('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
    const games = new GameService(new MemoryEventStore(), {}, () => T0);
    const { game } = await games.create({ id: 'g', preset: 'nomic-v', players: ['alice'], start: T0 });
    expect(rulesetText(game.state, 'slr', 'Nomic V')).toMatch(/^Nomic V\n\n-{72}\nRule 101\/0/);
    expect(rulesetText(game.state, 'flr')).toMatch(/Rule 203\/0[\s\S]*History:\n\nimported/);
    await games.close();
  });
});

describe('the in-process port', () => {
  it('submits a medium message once, even across a restart, and knows who wrote a message', async () => {
    const store = new MemoryEventStore();
    const games = new GameService(store, {}, () => T0);
    await games.create({ id: 'g', preset: 'nomic-v', players: ['alice'], start: T0 });
    const port = await InProcessGamePort.open(games, 'g');
    const medium = { channel: 'game', messageId: 'm1', timestamp: T0 };
    const first = await port.say('alice', 'hi', medium);
    const second = await port.say('alice', 'hi', medium);
    expect([first.duplicate, second.duplicate, second.entry.seq]).toEqual([false, true, first.entry.seq]);
    // An edit is keyed by its time: each later edit of the message is new.
    expect((await port.edit('alice', 'm1', 'hi!', { ...medium, timestamp: T0 + 1 })).duplicate).toBe(false);
    expect((await port.edit('alice', 'm1', 'hi!', { ...medium, timestamp: T0 + 1 })).duplicate).toBe(true);
    expect((await port.edit('alice', 'm1', 'hi!!', { ...medium, timestamp: T0 + 2 })).duplicate).toBe(false);
    await port.close();
    await games.close();
    const reopened = await InProcessGamePort.open(new GameService(store, {}, () => T0), 'g');
    expect((await reopened.say('alice', 'hi', medium)).duplicate).toBe(true);
    expect(await reopened.authorOf('m1')).toBe('alice');
    expect(await reopened.recorded(mediumKey({ kind: 'message', medium })!)).toMatchObject({ seq: first.entry.seq });
    // Inputs with no message id are never taken for duplicates.
    expect((await reopened.act('alice', 'endorse', { proposal: 'x' })).duplicate).toBe(false);
    expect((await reopened.act('alice', 'endorse', { proposal: 'x' })).duplicate).toBe(false);
    await reopened.close();
  });

  it('catches up with another writer of the same store: retries on a conflict, and polls for its entries', async () => {
    const store = new MemoryEventStore();
    const server = new GameService(store, {}, () => T0);
    await server.create({ id: 'g', preset: 'nomic-v', players: ['alice', 'bob'], start: T0 });
    const bot = new GameService(store, {}, () => T0);
    const port = await InProcessGamePort.open(bot, 'g', { pollMs: 20 });
    const seen: LogEntry[] = [];
    await port.subscribe((entry) => seen.push(entry));
    // The server writes first; the bot's copy is stale, its append conflicts, it reloads and retries.
    await server.say('g', 'bob', 'from the web', {});
    const mine = await port.say('alice', 'from discord', { channel: 'game', messageId: 'd1' });
    expect(mine.entry.outcome.status).toBe('ok');
    expect((await store.read('g', 0)).map((e) => e.input.kind === 'message' ? e.input.text : e.input.kind)).toEqual(['setup', 'from the web', 'from discord']);
    expect(seen.map((e) => e.seq)).toEqual([2, 3]);
    // The server (a fresh process, as the hub would reload) writes again: the poll passes it on.
    const restarted = new GameService(store, {}, () => T0);
    await restarted.say('g', 'bob', 'later', {});
    await restarted.close();
    const end = Date.now() + 5000;
    while (!seen.some((e) => e.seq === 4) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(seen.map((e) => e.seq)).toEqual([2, 3, 4]);
    await port.close();
    await bot.close();
    await server.close();
  });
});

describe('the mail outbox', () => {
  it('keeps what the relay refused and sends it when the relay is back', async () => {
    let now = T0;
    const games = new GameService(new MemoryEventStore(), {}, () => now);
    await games.create({ id: 'g', preset: 'nomic-v', players: ['alice'], start: T0 });
    const port = await InProcessGamePort.open(games, 'g');
    const sent: OutgoingMail[] = [];
    let relayUp = false;
    const config = parseFrontsConfig({ games: [{ game: 'g', mail: { list: 'nomic@lists.test', members: { alice: 'alice@example.org' } } }] }).games[0]!.mail!;
    const gateway = new MailGateway({
      games: [{ id: 'g', port, mail: config }], links: new LinkStore(undefined), secret: 'a secret of some length', clock: () => now,
      send: async (m) => {
        if (!relayUp) throw new Error('connect ECONNREFUSED');
        sent.push(m);
      },
      listen: { host: '127.0.0.1', port: 0 },
    });
    await gateway.start();
    const raw = `From: alice@example.org\r\nTo: ${gateway.personalAddress('g', 'alice')}\r\nSubject: Hello\r\nMessage-ID: <1@example.org>\r\n\r\nHello, everyone.\r\n`;
    await gateway.receive(await simpleParser(raw), { from: 'alice@example.org', to: [gateway.personalAddress('g', 'alice')] });
    expect(gateway.outbox.map((m) => m.subject)).toEqual(['[g] Hello']);
    relayUp = true;
    await gateway.flush();
    expect(sent).toEqual([]);
    now += 61_000;
    await gateway.flush();
    expect(sent.map((m) => [m.subject, m.to])).toEqual([['[g] Hello', ['alice@example.org']]]);
    expect(gateway.outbox).toEqual([]);
    await gateway.stop();
    await port.close();
    await games.close();
  });
});
