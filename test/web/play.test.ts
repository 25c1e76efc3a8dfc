// End-to-end test in Debian's Chromium (playwright-core, never a downloaded browser): three people
// sign up, start a nomic-v game, propose, endorse, pass the turn with the test clock, vote, and see
// the adopted amendment in the ruleset with its history. Screenshots go to test-artifacts/web/.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';

const CHROMIUM = process.env.NOMICON_CHROMIUM ?? '/usr/lib/chromium/chromium';
const skip = existsSync(CHROMIUM) ? false : `Debian's chromium is not installed at ${CHROMIUM} (npm run setup installs it)`;
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'web');

describe.skipIf(Boolean(skip))(`the web app in a browser${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let app: FastifyInstance;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    app = await buildServer({ testClock: true });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function person(name: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[${name}] page error: ${error.message}`));
    await page.goto(`${url}/#/`);
    await page.fill('#name', name);
    await page.fill('#password', `${name} has a long password`);
    await page.click('#sign-up-button');
    await page.waitForSelector('#create-game');
    return page;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

  it('three people play a turn: propose, endorse, vote, adopt, and read the amended rule', async () => {
    const alice = await person('alice');
    await shot(alice, '01-games');

    // Alice starts a nomic-v game and joins it as a player.
    await alice.selectOption('#source', 'preset:nomic-v');
    await alice.fill('#title', 'Browser Nomic');
    await alice.click('#create-button');
    await alice.waitForSelector('#compose');
    const gameUrl = alice.url();
    const id = /#\/games\/([^/]+)/.exec(gameUrl)![1]!;
    await expect.poll(() => alice.textContent('#live')).toBe('live');

    const bob = await person('bob');
    const carol = await person('carol');
    for (const p of [bob, carol]) {
      await p.goto(`${url}/#/join/${id}`);
      await p.waitForSelector('#compose');
      await expect.poll(() => p.textContent('#live')).toBe('live');
    }

    // Alice writes a proposal in English and sees the parsed changes before submitting.
    await alice.fill('#proposal-title', 'Longer game');
    await alice.fill('#proposal-text', 'Amend Rule 212 by replacing "100 (positive) points" with "200 (positive) points".');
    await alice.waitForSelector('#parsed-changes li');
    expect(await alice.textContent('#parsed-changes')).toContain('amend');
    await alice.click('#preview-button');
    await alice.waitForSelector('#preview .ok');
    await shot(alice, '02-compose');
    await alice.click('#propose-button');
    await alice.waitForSelector('#proposal-1');

    // Bob sees it appear live, without reloading, and endorses it.
    await bob.waitForSelector('#proposal-1');
    expect(await bob.textContent('#proposal-1')).toContain('Longer game');
    await bob.click('#proposal-1 button.endorse');
    await alice.waitForSelector('#proposal-1 >> text=Endorsed by bob');

    // The turn passes (test clock): proposal 301 is up for vote; everyone votes in one click.
    await alice.click('#clock-\\+24h');
    for (const p of [alice, bob, carol]) await p.waitForSelector('#proposal-1 >> text=Proposal 301');
    await alice.click('#proposal-1 button.vote-yes');
    await bob.click('#proposal-1 button.vote-yes');
    await carol.click('#proposal-1 button.vote-no');
    await alice.waitForSelector('#proposal-1 .tally >> text=For 2 · Against 1');
    await shot(carol, '03-voting');

    // The next turn: adopted and applied.
    await alice.click('#clock-\\+24h');
    await alice.waitForSelector('#proposal-1 .badge.adopted');
    await shot(alice, '04-adopted');

    // The ruleset shows the amended text, mechanized or not, and the amendment as a diff.
    await alice.click('#tab-rules');
    await alice.waitForSelector('#rule-212');
    expect(await alice.textContent('#rule-212 .text')).toContain('200 (positive) points');
    expect(await alice.textContent('#rule-212 h3')).toContain('mechanized');
    expect(await alice.textContent('#rule-101 h3')).toContain('enforced by people');
    await alice.click('#rule-212 details:last-of-type summary');
    expect(await alice.textContent('#rule-212 .history')).toContain('amended by proposal 301');
    expect(await alice.textContent('#rule-212 .diff ins')).toContain('200');
    expect(await alice.textContent('#rule-212 .diff del')).toContain('100');
    await shot(alice, '05-ruleset');
    await alice.locator('#rule-212').screenshot({ path: join(ARTIFACTS, '05-rule-212.png') });

    await alice.click('#tab-players');
    await alice.waitForSelector('#players');
    expect(await alice.textContent('#players')).toContain('carol');
    await shot(alice, '06-players');

    await alice.click('#tab-log');
    await alice.waitForSelector('#log li');
    expect(await alice.textContent('#log')).toContain('Proposal 301 is adopted');
    await shot(alice, '07-log');
  });

  it('the account page changes a password, refusing a wrong current one with the reason', async () => {
    const dave = await person('dave');
    await dave.goto(`${url}/#/account`);
    await dave.waitForSelector('#change-password');
    await dave.fill('#current-password', 'not the password');
    await dave.fill('#new-password', 'dave has a new password');
    await dave.click('#change-password button[type=submit]');
    await dave.waitForSelector('#flash .error >> text=current password is wrong');
    await dave.fill('#current-password', 'dave has a long password');
    await dave.click('#change-password button[type=submit]');
    await dave.waitForSelector('#flash .ok >> text=Password changed');
    await shot(dave, '08-account');
  });

  it('joining a game whose rules ask for more than a name (Nomic I: a surname) asks for it', async () => {
    const erin = await person('erin');
    await erin.selectOption('#source', 'preset:nomic-i');
    await erin.fill('#title', 'Surnames please');
    await erin.click('#join');
    await erin.click('#create-button');
    await erin.waitForSelector('#join-form');
    await erin.fill('#join-surname', 'Erikson');
    await erin.click('#join-button');
    await erin.waitForSelector('#flash .ok >> text=You joined the game');
    await erin.waitForSelector('#join-form', { state: 'detached' });
    await shot(erin, '09-joined-nomic-i');
  });
});
