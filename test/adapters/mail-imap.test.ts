// The mail gateway's IMAP intake against a real dovecot on 127.0.0.1: mail delivered to the list's mailbox (by IMAP APPEND, as a delivery agent would) becomes inputs, in UID order, once.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { parseFrontsConfig } from '../../src/adapters/config.js';
import { LinkStore } from '../../src/adapters/links.js';
import { MailGateway, type OutgoingMail } from '../../src/adapters/mail/gateway.js';
import { InProcessGamePort, type GamePort } from '../../src/adapters/port.js';
import { GameService } from '../../src/engine/games.js';
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { until } from './support/discord-harness.js';
import { dovecotMissing, startDovecot, type Dovecot } from './support/dovecot.js';
import { addSubjectRule } from './support/subject-rule.js';

const T0 = Date.UTC(2026, 0, 5, 12);
const LIST = 'nomic@lists.test';
const SECRET = 'test-secret-for-personal-addresses';
const PASSWORD = 'list-mailbox-password';
const MEMBERS = { alice: 'alice@example.org', bob: 'bob@example.org', carol: 'carol@example.org' };

const missing = dovecotMissing();
if (missing) console.warn(`IMAP tests skipped: ${missing}`);

let dovecot: Dovecot | undefined;
const mailboxes = ['list1', 'list2', 'list3', 'list4', 'list5', 'list6'];
let nextMailbox = 0;

beforeAll(async () => {
  if (!missing) dovecot = await startDovecot(Object.fromEntries(mailboxes.map((m) => [m, PASSWORD])));
});
afterAll(async () => {
  await dovecot?.stop();
});

async function raw(message: Record<string, unknown>): Promise<Buffer> {
  return new MailComposer({ date: new Date(T0), ...message }).compile().build();
}

async function setup(options: { wrap?: (port: GamePort) => GamePort; maxSize?: number; giveUpMs?: number; imap?: { pollSeconds: number; idle: boolean } } = {}) {
  const user = mailboxes[nextMailbox++]!;
  onTestFailed(() => console.error(`dovecot's log:\n${dovecot!.log().split('\n').slice(-30).join('\n')}`));
  const now = T0;
  const games = new GameService(new MemoryEventStore(), {}, () => now);
  await games.create({ id: 'nv', title: 'Nomic V', preset: 'nomic-v', players: ['alice', 'bob', 'carol'], roles: { Moderator: ['carol'] }, start: T0 });
  expect(await addSubjectRule(games, 'nv', T0)).toBe('ok');
  const config = parseFrontsConfig({
    mail: { listen: false, imap: { host: dovecot!.host, port: dovecot!.port, secure: false, user, passEnv: 'TEST_IMAP_PASS', pollSeconds: 600, ...options.imap } },
    games: [{ game: 'nv', mail: { list: LIST, name: 'Nomic V', members: MEMBERS } }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'nomicon-imap-'));
  const statePath = join(dir, 'mail-state.json');
  const links = new LinkStore(join(dir, 'links.json'), () => now);
  const port = await InProcessGamePort.open(games, 'nv');
  const sent: OutgoingMail[] = [];
  const logs: string[] = [];
  const imap = config.mail.imap!;
  const gateway = () => new MailGateway({
    games: [{ id: 'nv', title: 'Nomic V', port: options.wrap ? options.wrap(port) : port, mail: config.games[0]!.mail! }], links, secret: SECRET,
    send: async (mail) => void sent.push(mail), statePath, listen: config.mail.listen, ...(options.maxSize ? { maxSize: options.maxSize } : {}),
    imap: { host: imap.host, port: imap.port, secure: imap.secure, user: imap.user, pass: PASSWORD, mailbox: imap.mailbox, pollMs: imap.pollSeconds * 1000, idle: imap.idle, ...(options.giveUpMs !== undefined ? { giveUpMs: options.giveUpMs } : {}) },
    log: (m, e) => logs.push(`${m}${e ? `: ${String(e)}` : ''}`),
  });
  // The delivery agent: puts mail into the list's mailbox as the MTA's LDA would.
  let mta = new ImapFlow({ host: dovecot!.host, port: dovecot!.port, secure: false, auth: { user, pass: PASSWORD }, logger: false, disableAutoIdle: true });
  await mta.connect();
  const connected = async () => {
    if (!mta.usable) {
      mta = new ImapFlow({ host: dovecot!.host, port: dovecot!.port, secure: false, auth: { user, pass: PASSWORD }, logger: false, disableAutoIdle: true });
      await mta.connect();
    }
    return mta;
  };
  const running: MailGateway[] = [];
  return {
    games, port, sent, logs, statePath, user,
    personal: (person: string) => gateway().personalAddress('nv', person),
    async start() {
      const g = gateway();
      running.push(g);
      const address = await g.start();
      expect(address.port).toBe(0); // listen: false, no SMTP server
      return g;
    },
    async deliver(message: Record<string, unknown>): Promise<number> {
      const appended = await (await connected()).append('INBOX', await raw(message));
      if (!appended || !appended.uid) throw new Error('APPEND gave no UID');
      return appended.uid;
    },
    async seen(): Promise<number[]> {
      const mta = await connected();
      const lock = await mta.getMailboxLock('INBOX');
      try {
        return ((await mta.search({ seen: true }, { uid: true })) || []).sort((a, b) => a - b);
      } finally {
        lock.release();
      }
    },
    mailbox: connected,
    cursor: () => Object.values((JSON.parse(readFileSync(statePath, 'utf8')) as { imap: Record<string, { uidValidity: string; lastUid: number }> }).imap)[0],
    inputs: async (kind: string) => (await games.store.read('nv', 0)).filter((e) => e.input.kind === kind),
    to: (address: string) => sent.filter((m) => m.to.includes(address)),
    async close() {
      for (const g of running) await g.stop();
      await mta.logout().catch(() => undefined);
      await port.close();
      await games.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;
let s: Setup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe.skipIf(missing !== undefined)(`the mail gateway's IMAP intake (dovecot on 127.0.0.1)${missing ? `: skipped, ${missing}` : ''}`, () => {
  it('takes a proposal delivered to the mailbox as an input with its medium, answers it, marks it seen and remembers its UID', async () => {
    s = await setup();
    await s.start();
    // Mail that arrives while the gateway waits: IDLE wakes it, no poll needed (the poll is 10 minutes away).
    const uid = await s.deliver({
      from: MEMBERS.alice, to: s.personal('alice'), cc: LIST, subject: 'Proposal: Longer turns', messageId: '<p1@example.org>',
      text: 'I submit the following proposal:\n\nAmend Rule 203 by replacing "24 hours" with "36 hours".\n\n-- \nAlice\n',
    });
    await until(async () => (await s!.inputs('action')).some((e) => e.input.kind === 'action' && e.input.action === 'propose'), 'the proposal', 15_000);
    const [entry] = (await s.inputs('action')).filter((e) => e.input.kind === 'action' && e.input.action === 'propose');
    expect(entry!.outcome.status).toBe('ok');
    expect(entry!.input).toMatchObject({
      person: 'alice',
      args: { title: 'Longer turns', text: 'Amend Rule 203 by replacing "24 hours" with "36 hours".' },
      medium: { channel: 'list', messageId: '<p1@example.org>', subject: 'Proposal: Longer turns', timestamp: T0, recipients: [s.personal('alice'), LIST] },
    });
    const proposal = Object.values((await s.games.get('nv')).state.objects).find((o) => o.type === 'proposal')!;
    expect(proposal.attrs).toMatchObject({ author: 'alice', title: 'Longer turns' });
    await until(() => s!.to(MEMBERS.alice).some((m) => m.subject === 'Re: Proposal: Longer turns'), 'the answer');
    expect(s.to(MEMBERS.alice).find((m) => m.subject === 'Re: Proposal: Longer turns')!.text).toContain(`Recorded (proposal/${proposal.id}).`);
    for (const address of Object.values(MEMBERS)) expect(s.to(address).filter((m) => m.subject === '[Nomic V] Proposal: Longer turns')).toHaveLength(1);
    await until(async () => (await s!.seen()).includes(uid), 'the \\Seen flag');
    const box = await (await s.mailbox()).status('INBOX', { uidValidity: true });
    expect(s.cursor()).toEqual({ uidValidity: String(box && box.uidValidity), lastUid: uid });
    expect(s.logs).toEqual([]);
  });

  it('loses none and doubles none of a burst when the gateway restarts in the middle of it, or after a crash before it saved its place', async () => {
    s = await setup();
    const count = 12;
    const authors = ['alice', 'bob', 'carol'] as const;
    const uids: number[] = [];
    const first = await s.start();
    await first.checkMailbox();
    expect(s.cursor()!.lastUid).toBe(0);
    // The burst arrives while the gateway follows the mailbox; it stops when the fifth note is in the game's log.
    let stopping: Promise<void> | undefined;
    const off = await s.port.subscribe(() => {
      void s!.inputs('message').then((m) => {
        if (m.length >= 5 && !stopping) stopping = first.stop();
      });
    });
    for (let i = 1; i <= count; i++) {
      const author = authors[i % 3]!;
      uids.push(await s.deliver({ from: MEMBERS[author], to: s.personal(author), subject: `Note ${i}`, messageId: `<note${i}@example.org>`, text: `Note number ${i} from ${author}.` }));
    }
    await until(() => stopping !== undefined, 'the stop', 15_000);
    await stopping;
    off();
    const before = (await s.inputs('message')).length;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(count);
    expect(s.cursor()!.lastUid).toBe(uids[before - 1]);

    // A crash between recording two inputs and saving the cursor: the cursor on disk is two messages behind.
    const state = JSON.parse(readFileSync(s.statePath, 'utf8'));
    const key = Object.keys(state.imap)[0]!;
    state.imap[key].lastUid = uids[before - 3];
    writeFileSync(s.statePath, JSON.stringify(state));
    const mailed = s.sent.length;

    const second = await s.start();
    await second.checkMailbox();
    const messages = await s.inputs('message');
    expect(messages.map((e) => e.input.kind === 'message' && e.input.medium?.subject)).toEqual(Array.from({ length: count }, (_, i) => `Note ${i + 1}`));
    expect(messages.every((e) => e.outcome.status === 'ok')).toBe(true);
    // The two messages read again made no mail either: each note went to each member exactly once.
    for (let i = 1; i <= count; i++) expect(s.sent.filter((m) => m.subject === `[Nomic V] Note ${i}`)).toHaveLength(3);
    expect(s.sent.slice(mailed).filter((m) => /^\[Nomic V\] Note \d+$/.test(m.subject))).toHaveLength((count - before) * 3);
    expect(await s.seen()).toEqual(uids);
    expect(s.cursor()!.lastUid).toBe(uids.at(-1));

    // A renumbered mailbox (UIDVALIDITY changed): its read messages are history, only unread ones are taken.
    await second.stop();
    const renumbered = JSON.parse(readFileSync(s.statePath, 'utf8'));
    renumbered.imap[key] = { uidValidity: '1', lastUid: 0 };
    writeFileSync(s.statePath, JSON.stringify(renumbered));
    const late = await s.deliver({ from: MEMBERS.bob, to: s.personal('bob'), subject: 'Note 13', messageId: '<note13@example.org>', text: 'One more.' });
    const third = await s.start();
    await third.checkMailbox();
    expect((await s.inputs('message')).map((e) => e.input.kind === 'message' && e.input.medium?.subject)).toEqual([...Array.from({ length: count }, (_, i) => `Note ${i + 1}`), 'Note 13']);
    expect(s.cursor()!.lastUid).toBe(late);
    expect(s.logs.filter((l) => !l.includes('renumbered'))).toEqual([]);
  });

  it('refuses mail from a forged personal address or an unlinked sender with a reply saying why, and answers no robot', async () => {
    s = await setup({ maxSize: 64 * 1024 });
    const forged = 'nomic+alice.aaaaaaaaaaaaaaaa@lists.test';
    const uids = [
      await s.deliver({ from: 'mallory@example.net', to: forged, subject: 'Proposal: mine', messageId: '<f1@example.net>', text: 'I submit the following proposal:\nRepeal Rule 216.' }),
      await s.deliver({ from: 'stranger@example.net', to: LIST, subject: 'I vote aye', messageId: '<u1@example.net>', text: 'I vote aye' }),
      // The answer goes where the server says the mail came from (Return-Path), not to the From line.
      await s.deliver({ from: MEMBERS.alice, to: forged, subject: 'Votes', messageId: '<f2@example.net>', text: 'I vote aye', headers: { 'Return-Path': '<bounces@forger.example.net>' } }),
      // An auto-reply to a refusal is refused too, but not answered: two robots must not talk forever.
      await s.deliver({ from: 'robot@example.net', to: forged, subject: 'Out of office', messageId: '<r1@example.net>', text: 'I am away.', headers: { 'Auto-Submitted': 'auto-replied' } }),
      // A member writing to the bare list address is told how to write (by the existing rule of the gateway).
      await s.deliver({ from: MEMBERS.bob, to: LIST, subject: 'I vote aye', messageId: '<b1@example.org>', text: 'I vote aye' }),
      // Too big to fetch: only its headers are read, and carol is told.
      await s.deliver({ from: MEMBERS.carol, to: s.personal('carol'), subject: 'Proposal: the whole encyclopedia', messageId: '<c1@example.org>', text: 'I submit the following proposal:\n' + 'x'.repeat(100 * 1024) }),
      // Bcc'd to her personal address: the delivery agent's Delivered-To says where it went.
      await s.deliver({ from: MEMBERS.alice, to: 'friend@example.com', subject: 'Note to self', messageId: '<a1@example.org>', text: 'Quietly noted.', headers: { 'Delivered-To': s.personal('alice') } }),
    ];
    const gateway = await s.start();
    await gateway.checkMailbox();

    const mallory = s.to('mallory@example.net');
    expect(mallory).toHaveLength(1);
    expect(mallory[0]!.subject).toBe('Not taken: Proposal: mine');
    expect(mallory[0]!.text).toBe(`Your message "Proposal: mine" to ${forged} was not taken: This personal address is not valid here: its token does not match.`);
    expect(mallory[0]!.inReplyTo).toBe('<f1@example.net>');
    expect(mallory[0]!.headers).toMatchObject({ 'Auto-Submitted': 'auto-replied' });
    const stranger = s.to('stranger@example.net');
    expect(stranger).toHaveLength(1);
    expect(stranger[0]!.text).toContain('stranger@example.net is not the address of a member of Nomic V');
    expect(stranger[0]!.text).toContain(`mailing "link CODE" to ${LIST}`);
    expect(s.to('bounces@forger.example.net').map((m) => m.subject)).toEqual(['Not taken: Votes']);
    expect(s.to(MEMBERS.alice).map((m) => m.subject)).toEqual(['[Nomic V] Note to self']); // only the list's copy of her own note
    expect(s.to('robot@example.net')).toEqual([]);
    expect(s.to(MEMBERS.bob).find((m) => m.subject === 'Re: I vote aye')!.text).toContain('a From line proves nothing');
    expect(s.to(MEMBERS.carol).find((m) => m.subject === 'Not taken: Proposal: the whole encyclopedia')!.text).toContain('it is larger than 64 KB, the largest message this list takes');
    // None of it is an input but alice's note; all of it is handled and marked seen.
    const inputs = (await s.games.store.read('nv', 0)).filter((e) => 'medium' in e.input && e.input.medium?.channel === 'list');
    expect(inputs.map((e) => [e.input.kind, 'person' in e.input && e.input.person, e.outcome.status])).toEqual([['message', 'alice', 'ok']]);
    expect(await s.seen()).toEqual(uids);
    expect(s.cursor()!.lastUid).toBe(uids.at(-1));
    expect(s.logs.filter((l) => !l.includes('refused'))).toEqual([]);
  });

  it('tries a message again when the game cannot take it now, and reconnects when the server drops the connection', async () => {
    let failures = 1;
    s = await setup({
      wrap: (port) => Object.assign(Object.create(port) as GamePort, {
        say: (...args: Parameters<GamePort['say']>) => (failures-- > 0 ? Promise.reject(new Error('the database is busy')) : port.say(...args)),
      }),
    });
    await s.start();
    const first = await s.deliver({ from: MEMBERS.bob, to: s.personal('bob'), subject: 'Note A', messageId: '<a@example.org>', text: 'First.' });
    // The first try fails: the message stays unread and its UID unsaved; the second, a second later, takes it.
    await until(async () => (await s!.inputs('message')).length === 1, 'the note, on the second try', 15_000);
    expect(s.logs.some((l) => /reading the IMAP mailbox INBOX failed; trying again in 1 s: Error: the database is busy/.test(l))).toBe(true);
    await until(async () => s!.cursor()?.lastUid === first, 'the saved UID');
    expect(await s.seen()).toEqual([first]);

    // The server drops the gateway's connection: it reconnects and reads what came meanwhile.
    s.logs.length = 0;
    dovecot!.kick(s.user);
    await new Promise((ok) => setTimeout(ok, 300));
    await until(() => new RegExp(`imap\\(${s!.user}\\).*Server shutting down`).test(dovecot!.log()), 'the dropped connection');
    const second = await s.deliver({ from: MEMBERS.carol, to: s.personal('carol'), subject: 'Note B', messageId: '<b@example.org>', text: 'Second.' });
    await until(async () => (await s!.inputs('message')).length === 2, 'the note after the reconnection', 20_000);
    expect((await s.inputs('message')).map((e) => e.input.kind === 'message' && e.input.medium?.subject)).toEqual(['Note A', 'Note B']);
    await until(async () => s!.cursor()?.lastUid === second, 'the saved UID');
  });

  it('gives up on a message the game keeps failing on, telling its sender, so the mail after it is not held up for ever', async () => {
    s = await setup({
      giveUpMs: 0,
      wrap: (port) => Object.assign(Object.create(port) as GamePort, {
        say: (...args: Parameters<GamePort['say']>) => (args[2].subject === 'Poison' ? Promise.reject(new Error('the engine crashed')) : port.say(...args)),
      }),
    });
    const uids = [
      await s.deliver({ from: MEMBERS.bob, to: s.personal('bob'), subject: 'Poison', messageId: '<x1@example.org>', text: 'Crashes the engine.' }),
      await s.deliver({ from: MEMBERS.carol, to: s.personal('carol'), subject: 'After it', messageId: '<x2@example.org>', text: 'Fine.' }),
    ];
    const gateway = await s.start();
    await gateway.checkMailbox();
    expect((await s.inputs('message')).map((e) => e.input.kind === 'message' && e.input.medium?.subject)).toEqual(['After it']);
    expect(s.to(MEMBERS.bob).filter((m) => m.subject.startsWith('Not taken')).map((m) => [m.subject, m.text])).toEqual([['Not taken: Poison', `Your message "Poison" to ${s.personal('bob')} was not taken: the game could not take it (the engine crashed), and the gateway stopped trying.`]]);
    expect(s.logs.some((l) => l.startsWith(`giving up on the message with UID ${uids[0]} in INBOX`))).toBe(true);
    expect(await s.seen()).toEqual(uids);
  });

  it('polls on its interval where IDLE is turned off', async () => {
    s = await setup({ imap: { pollSeconds: 0.2, idle: false } });
    await s.start();
    const uid = await s.deliver({ from: MEMBERS.alice, to: s.personal('alice'), subject: 'Polled', messageId: '<poll1@example.org>', text: 'Found by a poll.' });
    await until(async () => (await s!.inputs('message')).length === 1, 'the polled message', 15_000);
    await until(() => s!.cursor()?.lastUid === uid, 'the saved UID');
    expect(s.logs).toEqual([]);
  });
});
