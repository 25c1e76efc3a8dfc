// The Discord bot end to end: recorded gateway payloads through a real WebSocket gateway and discord.js's own client, a nomic-v game behind.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/adapters/discord/commands.js';
import { CH, ROLE } from './support/fake-discord.js';
import { harness, HOUR, until } from './support/discord-harness.js';

type Harness = Awaited<ReturnType<typeof harness>>;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const proposalId = async (hh: Harness) => Object.values((await hh.state()).objects).find((o) => o.type === 'proposal')!.id;

describe('the Discord bot', () => {
  it('plays a nomic-v game end to end: propose, endorse, vote by message and by command, an edited vote, the turn, the result, the Inactive role', async () => {
    h = await harness({ players: ['alice', 'bob', 'carol', 'dave'], moderators: ['carol'] });
    const bot = await h.startBot();
    expect(bot).toBeDefined();
    // The slash commands are registered in the guild, and the game's moderator has the Moderator role.
    const registered = h.fake.calls.find((c) => c.method === 'PUT' && c.path.endsWith('/commands'))!;
    expect((registered.body as { name: string }[]).map((c) => c.name)).toEqual(commandDefinitions().map((c) => c.name));
    expect(h.fake.roleCalls()).toEqual([{ op: 'add', user: h.fake.user('carol').id, role: ROLE.moderator }]);

    // alice proposes with /propose in #game; the reply is the game's.
    h.tick(60_000);
    const propose = h.fake.slash(CH.game, 'alice', 'propose', { title: 'Longer turns', text: 'Amend Rule 203 by replacing "24 hours" with "36 hours".' });
    await until(() => h!.fake.replies(propose).length >= 1, 'the reply to /propose');
    expect(h.fake.replies(propose)).toEqual([expect.stringMatching(/^alice: propose done \(proposal\/\w+\)\.$/)]);
    const id = await proposalId(h);

    // bob endorses it; a second endorsement is refused in the rules' own words.
    const endorse = h.fake.slash(CH.game, 'bob', 'endorse', { proposal: id });
    await until(() => h!.fake.replies(endorse).length >= 1, 'the reply to /endorse');
    const again = h.fake.slash(CH.game, 'bob', 'endorse', { proposal: id });
    await until(() => h!.fake.replies(again).length >= 1, 'the second /endorse');
    expect(h.fake.replies(again)[0]).toBe('bob: endorse refused. you already endorse this proposal');
    expect((await h.state()).objects[`proposal/${id}`]!.attrs.endorsers).toEqual(['bob']);

    // The turn passes: the proposal is put to vote, and the bot says so in #voting.
    await h.advance(24 * HOUR);
    await until(() => h!.fake.posted(CH.voting).some((t) => t.startsWith('Turn 2 has begun')), 'the vote to open');
    expect(h.fake.posted(CH.voting)).toContain('Turn 2 has begun. Proposal 301 by alice ("Longer turns") is up for vote until the turn ends.');
    expect(h.fake.posted(CH.game).some((t) => /^Next deadline: turn-end <t:\d+:F> \(<t:\d+:R>\)$/.test(t))).toBe(true);

    // Votes: by message in #voting (marked as counted), by /vote; /vote in #game is refused by Rule 115.
    h.tick(60_000);
    const aliceVote = h.fake.post(CH.voting, 'alice', 'aye');
    await until(async () => (await h!.entriesFor(aliceVote)).length === 1, 'alice\'s vote');
    await bot.idle();
    expect(h.fake.calls.some((c) => c.method === 'PUT' && c.path.startsWith(`/channels/${CH.voting}/messages/${aliceVote}/reactions/`))).toBe(true);
    const wrongPlace = h.fake.slash(CH.game, 'bob', 'vote', { vote: 'nay' });
    await until(() => h!.fake.replies(wrongPlace).length >= 1, 'the refusal');
    expect(h.fake.replies(wrongPlace)[0]).toBe('bob: vote refused. Rule 115: vote must happen in #voting, not #game');
    const bobVote = h.fake.slash(CH.voting, 'bob', 'vote', { vote: 'nay' });
    await until(() => h!.fake.replies(bobVote).length >= 1, 'bob\'s vote');
    expect(h.fake.replies(bobVote)[0]).toMatch(/^bob: vote done/);
    const carolVote = h.fake.post(CH.voting, 'carol', 'yes');
    const daveVote = h.fake.post(CH.voting, 'dave', 'y');
    await until(async () => (await h!.entriesFor(daveVote)).length === 1, 'dave\'s vote');
    let p = (await h.state()).objects[`proposal/${id}`]!.attrs;
    expect([p.votesFor, p.votesAgainst]).toEqual([3, 1]);

    // carol edits her vote: the edit is an input, and Rule 209 takes her vote away.
    h.tick(60_000);
    h.fake.edit(carolVote, 'yes!!');
    await until(async () => (await h!.entriesFor(carolVote)).some((e) => e.input.kind === 'edit'), 'the edit');
    await bot.idle();
    p = (await h.state()).objects[`proposal/${id}`]!.attrs;
    expect([p.votesFor, p.votesAgainst, p.editedVotes]).toEqual([2, 1, ['carol']]);
    expect(h.fake.posted(CH.game)).toContain("carol's vote on proposal 301 was edited and lost its vote status (Rule 209)");

    // The turn ends: the result is posted in #voting, and the adopted change (with its diff) in #game.
    await h.advance(24 * HOUR);
    await until(() => h!.fake.posted(CH.voting).includes('Proposal 301 is adopted: 2 for, 1 against.'), 'the result');
    const change = h.fake.posted(CH.game).find((t) => t.startsWith('Rule 203 is amended (proposal 301).'))!;
    expect(change).toContain('- The length of a turn defaults to 24 hours.');
    expect(change).toContain('+ The length of a turn defaults to 36 hours.');
    expect(h.fake.posted(CH.game)).toContain('Proposal 301 takes effect.');

    // dave declares himself inactive with /act; the bot gives him the Inactive role.
    const inactive = h.fake.slash(CH.game, 'dave', 'act', { action: 'declare-inactive' });
    await until(() => h!.fake.replies(inactive).length >= 1, 'the reply to /act');
    await bot.idle();
    expect(h.fake.replies(inactive)[0]).toBe('dave: declare-inactive done.');
    expect((await h.state()).objects['player/dave']!.attrs.active).toBe(false);
    await until(() => h!.fake.roleCalls().some((c) => c.op === 'add' && c.role === ROLE.inactive), 'the Inactive role');
    expect(h.fake.roleCalls().filter((c) => c.role === ROLE.inactive)).toEqual([{ op: 'add', user: h.fake.user('dave').id, role: ROLE.inactive }]);

    // Reads: /rule shows the amended text, /status the game, /ruleset a file.
    const rule = h.fake.slash(CH.game, 'bob', 'rule', { number: '203' });
    const status = h.fake.slash(CH.game, 'bob', 'status');
    const ruleset = h.fake.slash(CH.game, 'bob', 'ruleset', { format: 'flr' });
    await until(() => [rule, status, ruleset].every((x) => h!.fake.replies(x).length >= 1), 'the reads');
    expect(h.fake.replies(rule)[0]).toContain('36 hours');
    expect(h.fake.replies(status)[0]).toMatch(/Turn 3[\s\S]*dave \(inactive/);
    const file = h.fake.calls.find((c) => c.path.startsWith(`/interactions/${ruleset}/`))!;
    expect(file.files[0]).toMatch(/Rule 203\/1[\s\S]*36 hours/);
    expect(h.logs).toEqual([]);
  });

  it('loses no message and doubles none when restarted in the middle of a burst', async () => {
    h = await harness();
    await h.startBot();
    const people = ['alice', 'bob', 'carol'];
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      h.tick(1000);
      ids.push(h.fake.post(CH.game, people[i % 3]!, `burst message ${i}`));
    }
    // The process dies after a few of them were handled (one of them perhaps recorded but not yet marked).
    await until(async () => (await h!.log()).filter((e) => e.input.kind === 'message').length >= 8, 'part of the burst');
    await h.stopBot();
    // Worst case of a crash: entries were recorded but the cursor was saved long before them.
    const saved = JSON.parse(readFileSync(h.statePath, 'utf8'));
    saved.cursors[CH.game] = ids[2];
    writeFileSync(h.statePath, JSON.stringify(saved));
    // People go on talking while the bot is down.
    for (let i = 30; i < 40; i++) {
      h.tick(1000);
      ids.push(h.fake.post(CH.game, people[i % 3]!, `while down ${i}`));
    }
    await h.startBot();
    await until(async () => (await h!.log()).filter((e) => e.input.kind === 'message').length >= 40, 'the catch-up');
    await h.bot.idle();
    const recorded = (await h.log()).flatMap((e) => (e.input.kind === 'message' ? [e.input.medium!.messageId!] : []));
    expect(recorded).toEqual(ids);
    const texts = (await h.log()).flatMap((e) => (e.input.kind === 'message' ? [e.input.text] : []));
    expect(texts.slice(0, 3)).toEqual(['burst message 0', 'burst message 1', 'burst message 2']);
    expect(h.bot.cursors[CH.game]).toBe(ids[ids.length - 1]);
  });

  it('survives a dropped connection (resume), a lost session (catch-up over REST), duplicate deliveries and a rate limit', async () => {
    h = await harness();
    await h.startBot();
    const ids: string[] = [];
    // The connection drops mid-burst: discord.js resumes and the gateway replays what it missed.
    for (let i = 0; i < 5; i++) ids.push(h.fake.post(CH.game, 'alice', `before drop ${i}`));
    h.fake.dropConnection();
    for (let i = 0; i < 5; i++) ids.push(h.fake.post(CH.game, 'bob', `during drop ${i}`));
    await until(async () => (await h!.log()).filter((e) => e.input.kind === 'message').length >= 10, 'the resumed events');
    expect(h.fake.handshakes).toEqual(['identify', 'resume']);
    // The session is lost: what is posted before the new one is read back over REST.
    h.fake.forgetSession();
    for (let i = 0; i < 3; i++) ids.push(h.fake.post(CH.game, 'carol', `between sessions ${i}`));
    await until(() => h!.fake.handshakes.length >= 3, 'a new session', 20_000);
    await until(async () => (await h!.log()).filter((e) => e.input.kind === 'message').length >= 13, 'the catch-up', 20_000);
    // The same MESSAGE_CREATE delivered twice (after the cache forgot it) is recorded once.
    const twice = h.fake.post(CH.game, 'alice', 'delivered twice');
    ids.push(twice);
    await until(async () => (await h!.entriesFor(twice)).length === 1, 'the first delivery');
    const original = h.fake.messages.get(CH.game)!.find((m) => m.id === twice)!;
    for (const channel of h.bot.client.channels.cache.values()) if (channel.isTextBased()) channel.messages.cache.clear();
    h.fake.dispatch('MESSAGE_CREATE', original);
    // A rate limit on posting: discord.js waits and retries, and the announcement arrives once.
    h.fake.rateLimitNext('POST', /^\/channels\/\d+\/messages$/);
    await h.advance(24 * HOUR);
    await until(() => h!.fake.posted(CH.game).some((t) => t.startsWith('Turn 2 has begun')), 'the announcement after a 429');
    await h.bot.idle();
    expect(h.fake.posted(CH.game).filter((t) => t.startsWith('Turn 2 has begun'))).toHaveLength(1);
    expect(h.fake.calls.filter((c) => c.method === 'POST' && /^\/channels\/\d+\/messages$/.test(c.path)).length).toBeGreaterThan(h.fake.posted(CH.game).length);
    const recorded = (await h.log()).flatMap((e) => (e.input.kind === 'message' ? [e.input.medium!.messageId!] : []));
    expect(recorded).toEqual(ids);
  });

  it('links an account with a one-time code, reminds unlinked people once, and reads deletions', async () => {
    h = await harness({ players: ['alice', 'bob'] });
    await h.startBot();
    // erin is not linked: her message is not an input, and she is told how to link (once).
    const first = h.fake.post(CH.game, 'erin', 'hello?');
    h.fake.post(CH.game, 'erin', 'anyone?');
    await h.bot.idle();
    await until(() => h!.fake.posted(CH.game).length >= 1, 'the reminder');
    expect(await h.entriesFor(first)).toEqual([]);
    expect(h.fake.posted(CH.game).filter((t) => t.includes('/link'))).toHaveLength(1);
    // A wrong code is refused; the right one links her, once.
    const wrong = h.fake.slash(CH.game, 'erin', 'link', { code: 'ABCDE-FGHJK' });
    await until(() => h!.fake.replies(wrong).length >= 1, 'the refusal');
    expect(h.fake.replies(wrong)[0]).toMatch(/not known/);
    const code = h.links.issueCode('erin');
    const right = h.fake.slash(CH.game, 'erin', 'link', { code: code.toLowerCase() });
    await until(() => h!.fake.replies(right).length >= 1, 'the link');
    expect(h.fake.replies(right)[0]).toBe('Linked: in the game you are erin.');
    expect(h.links.person('discord', h.fake.user('erin').id)).toBe('erin');
    const reused = h.fake.slash(CH.game, 'erin', 'link', { code });
    await until(() => h!.fake.replies(reused).length >= 1, 'the reuse');
    expect(h.fake.replies(reused)[0]).toMatch(/not known/);
    // Now she joins by /act and her messages are inputs; deleting one is an input too.
    const join = h.fake.slash(CH.game, 'erin', 'act', { action: 'join' });
    await until(() => h!.fake.replies(join).length >= 1, 'the join');
    expect(h.fake.replies(join)[0]).toBe('erin: join done (player/erin).');
    const said = h.fake.post(CH.game, 'erin', 'hello, game');
    await until(async () => (await h!.entriesFor(said)).length === 1, 'her message');
    h.fake.delete(said);
    await until(async () => (await h!.entriesFor(said)).length === 2, 'the deletion');
    expect((await h.entriesFor(said)).map((e) => [e.input.kind, 'person' in e.input ? e.input.person : '']))
      .toEqual([['message', 'erin'], ['delete', 'erin']]);
    // Bad /act arguments are answered without troubling the game.
    const bad = h.fake.slash(CH.game, 'alice', 'act', { action: 'endorse', args: '{not json' });
    await until(() => h!.fake.replies(bad).length >= 1, 'the bad args');
    expect(h.fake.replies(bad)[0]).toMatch(/JSON object/);
    expect(JSON.parse(readFileSync(h.statePath, 'utf8')).cursors[CH.game]).toBe(said);
  });
});
