// The mail gateway over real SMTP on loopback: players mail the gateway with nodemailer, the gateway mails a sink server, mailparser reads both ways.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFrontsConfig } from '../../src/adapters/config.js';
import { LinkStore } from '../../src/adapters/links.js';
import { MailGateway } from '../../src/adapters/mail/gateway.js';
import { smtpSender } from '../../src/adapters/mail/send.js';
import { InProcessGamePort } from '../../src/adapters/port.js';
import { GameService } from '../../src/engine/games.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { until } from './support/discord-harness.js';
import { addSubjectRule } from './support/subject-rule.js';

const T0 = Date.UTC(2026, 0, 5, 12);
const HOUR = 3_600_000;
const LIST = 'nomic@lists.test';
const SECRET = 'test-secret-for-personal-addresses';

interface Received {
  envelopeTo: string[];
  mail: ParsedMail;
}

async function sink() {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        inbox.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return { inbox, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

async function setup() {
  let now = T0;
  const store = new MemoryEventStore();
  const games = new GameService(store, {}, () => now);
  await games.create({ id: 'nv', title: 'Nomic V', preset: 'nomic-v', players: ['alice', 'bob', 'carol'], roles: { Moderator: ['carol'] }, start: T0 });
  expect(await addSubjectRule(games, 'nv', T0)).toBe('ok');
  // The moderator designates the list as a place for votes too (Rule 115).
  expect((await games.act('nv', 'carol', 'designate-channel', { channel: 'list', actions: ['vote'] })).outcome.status).toBe('ok');
  const mailConfig = parseFrontsConfig({
    games: [{ game: 'nv', mail: { list: LIST, name: 'Nomic V', members: { alice: 'alice@example.org', bob: 'bob@example.org', carol: 'carol@example.org' } } }],
  }).games[0]!.mail!;
  const out = await sink();
  const relay = smtpSender({ host: '127.0.0.1', port: out.port, ignoreTLS: true });
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-mail-'));
  const links = new LinkStore(join(dir, 'links.json'), () => now);
  const port = await InProcessGamePort.open(games, 'nv');
  const logs: string[] = [];
  const gateway = new MailGateway({
    games: [{ id: 'nv', title: 'Nomic V', port, mail: mailConfig }], links, secret: SECRET, send: relay.send,
    statePath: join(dir, 'mail-state.json'), listen: { host: '127.0.0.1', port: 0 }, log: (m, e) => logs.push(`${m}: ${String(e ?? '')}`),
  });
  const address = await gateway.start();
  const client = nodemailer.createTransport({ host: address.host, port: address.port, secure: false, ignoreTLS: true });
  const mailFrom = async (from: string, to: string, subject: string | undefined, text: string, extra: Record<string, unknown> = {}) => {
    const sent = await client.sendMail({ from, to, ...(subject !== undefined ? { subject } : {}), text, date: new Date(now), ...extra });
    await gateway.idle();
    return sent.messageId;
  };
  return {
    games, links, gateway, out, logs, mailFrom,
    personal: (person: string) => gateway.personalAddress('nv', person),
    async advance(ms: number) {
      now += ms;
      await games.advance('nv', now);
      await gateway.idle();
    },
    /** Mail the sink got for an address, oldest first. */
    to: (address: string) => out.inbox.filter((r) => r.envelopeTo.includes(address)).map((r) => r.mail),
    state: async () => (await games.get('nv')).state,
    async close() {
      client.close();
      await gateway.stop();
      relay.close();
      await out.close();
      await port.close();
      await games.close();
    },
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;
let s: Setup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('the mail gateway', () => {
  it('takes a proposal by mail, answers, redistributes it, refuses a message without a subject and says why', async () => {
    s = await setup();
    const alice = s.personal('alice');
    expect(alice).toMatch(/^nomic\+alice\.[a-z2-7]{16}@lists\.test$/);

    // alice mails a proposal through her personal address, as list players wrote them.
    const proposalId = await s.mailFrom('alice@example.org', alice, 'Proposal: Longer turns',
      'I submit the following proposal:\n\nAmend Rule 203 by replacing "24 hours" with "36 hours".\n\n-- \nAlice\n', { to: LIST, envelope: { from: 'alice@example.org', to: [alice] } });
    await until(() => s!.to('alice@example.org').length >= 2, 'the reply and the list copy');
    const proposal = Object.values((await s.state()).objects).find((o) => o.type === 'proposal')!;
    expect(proposal.attrs).toMatchObject({ author: 'alice', title: 'Longer turns', status: 'pending' });
    expect(proposal.attrs.text).toBe('Amend Rule 203 by replacing "24 hours" with "36 hours".');
    // The engine's reply, threaded under her message.
    const reply = s.to('alice@example.org').find((m) => m.subject === 'Re: Proposal: Longer turns')!;
    expect(reply.text).toContain(`Recorded (proposal/${proposal.id}).`);
    expect(reply.inReplyTo).toBe(proposalId);
    expect(reply.replyTo?.value[0]?.address).toBe(alice);
    // Every member gets the list's copy, with their own personal address as Reply-To.
    for (const member of ['alice', 'bob', 'carol']) {
      const copy = s.to(`${member}@example.org`).find((m) => m.subject === '[Nomic V] Proposal: Longer turns')!;
      expect(copy.from?.value[0]).toMatchObject({ address: LIST, name: 'alice via Nomic V' });
      expect(copy.replyTo?.value[0]?.address).toBe(s.personal(member));
      expect(copy.text).toContain('Amend Rule 203');
      expect(copy.headerLines.find((l) => l.key === 'list-id')?.line).toMatch(/^List-Id: <nv\.lists\.test>$/i);
    }

    // bob's message has no subject: Rule 990 refuses it and the reply says why; nobody else hears of it.
    const before = s.out.inbox.length;
    await s.mailFrom('bob@example.org', s.personal('bob'), undefined, 'I like it.');
    await until(() => s!.out.inbox.length > before, 'the refusal');
    const refusal = s.out.inbox.slice(before);
    expect(refusal.map((r) => r.envelopeTo)).toEqual([['bob@example.org']]);
    expect(refusal[0]!.mail.text).toContain('Refused: Rule 990: a message to the list must say in its Subject line what it is');
    const refused = (await s.games.store.read('nv', 0)).filter((e) => e.input.kind === 'message');
    expect(refused.map((e) => [e.outcome.status, 'medium' in e.input ? e.input.medium?.subject : null])).toEqual([['refused', '']]);

    // The same mail delivered again (an MTA retry) is neither a second proposal nor answered twice.
    const count = s.out.inbox.length;
    await s.mailFrom('alice@example.org', alice, 'Proposal: Longer turns', 'I submit the following proposal:\n\nAmend Rule 203 by replacing "24 hours" with "36 hours".', { messageId: proposalId });
    expect(Object.values((await s.state()).objects).filter((o) => o.type === 'proposal')).toHaveLength(1);
    expect(s.out.inbox.length).toBe(count);
    expect(s.logs).toEqual([]);
  });

  it('plays a turn by mail: results mailed out, votes in list words refused or counted by the rules, reports on request', async () => {
    s = await setup();
    await s.mailFrom('alice@example.org', s.personal('alice'), 'Proposal: Longer turns', 'I submit the following proposal:\nAmend Rule 203 by replacing "24 hours" with "36 hours".');
    await s.advance(24 * HOUR);
    await until(() => s!.to('bob@example.org').some((m) => m.subject?.startsWith('[Nomic V] Turn 2 has begun')), 'the turn mail');
    const turn = s.to('bob@example.org').find((m) => m.subject?.startsWith('[Nomic V] Turn 2 has begun'))!;
    expect(turn.text).toContain('Proposal 301 by alice ("Longer turns") is up for vote until the turn ends.');

    // bob replies to the turn mail (to its Reply-To): his vote counts; alice's "FOR" is not a vote in this game.
    await s.mailFrom('bob@example.org', turn.replyTo!.value[0]!.address!, `Re: ${turn.subject}`, `I vote aye on 301\n\nOn Tue, 6 Jan 2026, Nomic V wrote:\n> ${turn.text}`);
    await s.mailFrom('alice@example.org', s.personal('alice'), 'Votes', 'I vote FOR 301');
    await until(() => s!.to('alice@example.org').some((m) => m.subject === 'Re: Votes'), 'the answer to alice');
    expect(s.to('alice@example.org').find((m) => m.subject === 'Re: Votes')!.text)
      .toContain('Refused: Rule 113: "FOR" is not a vote; Rule 210 lists the phrases that are');
    expect(s.to('bob@example.org').find((m) => m.subject?.startsWith('Re: Turn 2 has begun'))!.text).toMatch(/> I vote aye on 301\nRecorded/);
    const p = Object.values((await s.state()).objects).find((o) => o.type === 'proposal')!;
    expect([p.attrs.votesFor, p.attrs.votesAgainst]).toEqual([1, 0]);

    // carol asks for the officers' reports.
    await s.mailFrom('carol@example.org', s.personal('carol'), 'reports please', 'Please send the ruleset\nsend tallies\nsend roster');
    const reports = s.to('carol@example.org').find((m) => m.subject === 'Re: reports please')!;
    expect(reports.attachments.map((a) => a.filename)).toEqual(['nv-ruleset.txt', 'nv-tallies.txt', 'nv-roster.txt']);
    expect(reports.attachments[0]!.content.toString()).toMatch(/Rule 203\/0[\s\S]*The length of a turn defaults to 24 hours/);
    expect(reports.attachments[1]!.content.toString()).toContain('Proposal 301 "Longer turns" by alice: 1 for, 0 against (bob: aye)');
    expect(reports.attachments[2]!.content.toString()).toContain('alice (active, 0 points)');

    // The turn ends: the result and the rule change go to every member.
    await s.advance(24 * HOUR);
    await until(() => s!.to('carol@example.org').some((m) => m.text?.includes('Proposal 301 is adopted: 1 for, 0 against.')), 'the result');
    const result = s.to('carol@example.org').find((m) => m.text?.includes('Proposal 301 is adopted'))!;
    expect(result.subject).toBe('[Nomic V] Proposal 301 is adopted: 1 for, 0 against.');
    const change = s.to('carol@example.org').find((m) => m.text?.includes('Rule 203 is amended'))!;
    expect(change.text).toContain('- The length of a turn defaults to 24 hours.\n+ The length of a turn defaults to 36 hours.');
    expect(s.logs).toEqual([]);
  });

  it('proves nothing by From: the bare list address is not an input, a forged personal address is refused, a link code gives the personal address', async () => {
    s = await setup();
    // Mail to the list address itself, claiming to be bob: bob is told at his own address how to write.
    await s.mailFrom('bob@example.org', LIST, 'I vote aye', 'I vote aye');
    const told = s.to('bob@example.org').at(-1)!;
    expect(told.text).toContain('a From line proves nothing');
    expect(told.text).toContain(s.personal('bob'));
    // A sender linked to nobody is told so, and how a player links an address.
    await s.mailFrom('stranger@example.net', LIST, 'I vote aye', 'I vote aye');
    await until(() => s!.to('stranger@example.net').length > 0, 'the answer to the stranger');
    expect(s.to('stranger@example.net')[0]!.text).toContain(`stranger@example.net is not the address of a member of Nomic V. A player links an address by mailing "link CODE" to ${LIST}`);
    expect((await s.games.store.read('nv', 0)).filter((e) => 'medium' in e.input && e.input.medium?.channel === 'list')).toEqual([]);
    // A personal address with a made-up token is refused by the SMTP server itself.
    await expect(s.mailFrom('mallory@example.org', 'nomic+alice.aaaaaaaaaaaaaaaa@lists.test', 'Proposal: mine', 'I submit the following proposal:\nRepeal Rule 216.'))
      .rejects.toThrow(/550.*token does not match/);
    // dave links his address with a one-time code from the web, then joins the game by mail.
    const code = s.links.issueCode('dave');
    await s.mailFrom('dave@example.org', LIST, `link ${code}`, 'Hello!');
    const linked = s.to('dave@example.org').at(-1)!;
    const daves = s.personal('dave');
    expect(linked.text).toContain(daves);
    await s.mailFrom('dave@example.org', daves, 'Joining', 'I perform join');
    expect((await s.state()).objects['player/dave']).toBeDefined();
    expect(s.to('dave@example.org').at(-1)!.text).toContain('Recorded (player/dave).');
    expect(s.logs.filter((l) => !l.startsWith('message <') || !l.includes('from stranger@example.net refused'))).toEqual([]);
  });
});
