// The web app's entry: the session, the hash router (#/, #/games/ID/TAB, #/join/ID/INVITE,
// #/account) and the flash line that shows what the server answered.
import { ApiError, loadSession, post, session } from './api.js';
import { attempt } from './ui.js';
import { h, replace } from './dom.js';
import { accountPage, homePage, signInPage } from './pages/home.js';
import { gamePage } from './pages/game.js';

const app = document.getElementById('app')!;
let cleanup: (() => void) | undefined;

function drawAccount(): void {
  const nav = document.getElementById('account')!;
  if (!session.account) return replace(nav, h('a', { href: '#/' }, 'Sign in'));
  replace(nav,
    h('a', { href: '#/account', class: 'who' }, session.account.name, session.account.admin ? ' (host)' : ''),
    ' ',
    h('button', {
      class: 'link', id: 'sign-out',
      onclick: () => void attempt(async () => {
        await post('/api/auth/sign-out');
        await loadSession();
        location.hash = '#/';
        route();
      }),
    }, 'Sign out'));
}

async function route(): Promise<void> {
  cleanup?.();
  cleanup = undefined;
  drawAccount();
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === 'join' && parts[1]) {
      if (!session.account) return signInPage(app, `Sign in or sign up to join game ${parts[1]}.`);
      await attempt(() => post(`/api/games/${parts[1]}/join`, parts[2] ? { invite: parts[2] } : {}), 'You joined the game.');
      location.hash = `#/games/${parts[1]}`;
      return;
    }
    if (parts[0] === 'games' && parts[1]) {
      cleanup = await gamePage(app, parts[1], parts[2] ?? 'proposals', parts.slice(3));
      return;
    }
    if (!session.account) return signInPage(app);
    if (parts[0] === 'account') return await accountPage(app);
    await homePage(app);
  } catch (error) {
    replace(app, h('p', { class: 'error' }, error instanceof ApiError ? error.message : String(error)));
  }
}

window.addEventListener('hashchange', () => void route());

async function start(): Promise<void> {
  try {
    await loadSession();
  } catch (error) {
    replace(app, h('p', { class: 'error' }, `The server did not answer: ${(error as Error).message}`));
    return;
  }
  await route();
}

void start();
