// The pages outside a game: sign in or sign up, the list of games with the form that starts one
// (from a preset or a pasted ruleset), and the account page with personal API tokens and the password.
import { api, get, loadSession, post, session } from '../api.js';
import { h, replace } from '../dom.js';
import { attempt, flash, go } from '../ui.js';

export function signInPage(root: HTMLElement, note?: string): void {
  const name = h('input', { id: 'name', name: 'name', autocomplete: 'username', required: true, placeholder: 'name' });
  const password = h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true, placeholder: 'password (8 characters or more)' });
  const submit = (path: string) => async (event: Event) => {
    event.preventDefault();
    const done = await attempt(() => post(path, { name: name.value, password: password.value }));
    if (done === undefined) return;
    await loadSession();
    go(location.hash || '#/');
  };
  replace(root,
    h('section', { class: 'card narrow' },
      h('h1', {}, 'Play Nomic'),
      note ? h('p', {}, note) : null,
      h('p', { class: 'muted' }, 'A game where changing the rules is a move. The rules here are text, and many of them are also code the server runs.'),
      h('form', { id: 'sign-in', onsubmit: submit('/api/auth/sign-in') },
        h('label', {}, 'Name', name),
        h('label', {}, 'Password', password),
        h('div', { class: 'row' },
          h('button', { type: 'submit', id: 'sign-in-button' }, 'Sign in'),
          h('button', { type: 'button', id: 'sign-up-button', class: 'secondary', onclick: submit('/api/auth/sign-up') }, 'Sign up')),
      )));
}

interface GameSummary {
  id: string;
  title: string;
  preset: string | null;
  visibility: string;
  owner: string | null;
  member: boolean;
  seq: number;
}

export async function homePage(root: HTMLElement): Promise<void> {
  const [{ games }, { presets }] = await Promise.all([
    get<{ games: GameSummary[] }>('/api/games'),
    get<{ presets: { name: string; title: string; description: string }[] }>('/api/presets'),
  ]);
  const mine = games.filter((g) => g.member);
  const others = games.filter((g) => !g.member);
  const list = (items: GameSummary[], empty: string) => items.length === 0
    ? h('p', { class: 'muted' }, empty)
    : h('ul', { class: 'games' }, items.map((g) => h('li', {},
      h('a', { href: `#/games/${g.id}`, class: 'game-link' }, g.title),
      ' ', h('span', { class: 'muted' }, `${g.preset ?? 'imported ruleset'} · ${g.visibility} · ${g.seq} entries · started by ${g.owner ?? 'someone'}`))));

  const source = h('select', { id: 'source', name: 'source' },
    presets.map((p) => h('option', { value: `preset:${p.name}` }, `${p.title} (${p.name})`)),
    h('option', { value: 'ruleset' }, 'A ruleset I paste or upload'));
  const ruleset = h('textarea', { id: 'ruleset', rows: 10, placeholder: 'Paste a ruleset: "Rule 101 ..." paragraphs, an FLR, or the structured format.' });
  const file = h('input', { type: 'file', accept: '.txt,.md,.yaml,.yml,.json' });
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (chosen) ruleset.value = await chosen.text();
  });
  const rulesetBox = h('div', { class: 'ruleset-box', hidden: true }, ruleset, h('label', {}, 'or upload a file ', file));
  source.addEventListener('change', () => {
    rulesetBox.hidden = source.value !== 'ruleset';
  });
  const title = h('input', { id: 'title', placeholder: 'title (optional)' });
  const visibility = h('select', { id: 'visibility' }, h('option', { value: 'public' }, 'public: anyone may watch'), h('option', { value: 'private' }, 'private: members only'));
  const join = h('input', { type: 'checkbox', id: 'join', checked: true });
  const warnings = h('div', { class: 'warnings' });

  const create = async (event: Event) => {
    event.preventDefault();
    const body: Record<string, unknown> = { visibility: visibility.value, join: join.checked };
    if (title.value.trim()) body.title = title.value.trim();
    if (source.value === 'ruleset') body.ruleset = ruleset.value;
    else body.preset = source.value.slice('preset:'.length);
    const created = await attempt(() => post<{ game: GameSummary; warnings: string[]; join?: { status: string; message?: string } }>('/api/games', body));
    if (!created) return;
    if (created.warnings.length > 0) {
      replace(warnings, h('h3', {}, 'The importer says'), h('ul', {}, created.warnings.map((w) => h('li', {}, w))),
        h('a', { href: `#/games/${created.game.id}`, class: 'button' }, 'Go to the game'));
      flash('The game is created; read the importer\'s warnings below.');
      return;
    }
    if (created.join && created.join.status !== 'ok') flash(`The game is created, but joining was refused: ${created.join.message}`, 'error');
    go(`#/games/${created.game.id}`);
  };

  replace(root,
    h('section', { class: 'card' }, h('h2', {}, 'Your games'), list(mine, 'You are in no game yet: start one or join one below.')),
    h('section', { class: 'card' }, h('h2', {}, 'Public games'), list(others, 'No other public games.')),
    h('section', { class: 'card' },
      h('h2', {}, 'Start a game'),
      h('form', { id: 'create-game', onsubmit: create },
        h('label', {}, 'Rules to start from', source),
        rulesetBox,
        h('label', {}, 'Title', title),
        h('label', {}, 'Who may see it', visibility),
        h('label', { class: 'inline' }, join, ' join it as a player'),
        h('button', { type: 'submit', id: 'create-button' }, 'Start the game')),
      warnings));
}

export async function accountPage(root: HTMLElement): Promise<void> {
  const { tokens } = await get<{ tokens: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[] }>('/api/tokens');
  const name = h('input', { placeholder: 'what the token is for (my bot, my laptop)' });
  const shown = h('div', {});
  const current = h('input', { type: 'password', id: 'current-password', autocomplete: 'current-password', required: true });
  const next = h('input', { type: 'password', id: 'new-password', autocomplete: 'new-password', required: true, placeholder: '8 characters or more' });
  replace(root,
    h('section', { class: 'card' },
      h('h2', {}, `Account: ${session.account?.name}`),
      session.account?.admin ? h('p', {}, 'You are this server\'s host administrator.') : null,
      h('h3', {}, 'Personal API tokens'),
      h('p', { class: 'muted' }, 'For the command line and bots: send "Authorization: Bearer TOKEN". A token acts as you, so keep it secret.'),
      tokens.length === 0 ? h('p', { class: 'muted' }, 'No tokens.') : h('ul', {}, tokens.map((t) => h('li', {},
        `${t.name} (created ${new Date(t.createdAt).toLocaleString()}${t.lastUsedAt ? `, last used ${new Date(t.lastUsedAt).toLocaleString()}` : ''}) `,
        h('button', { class: 'link', onclick: () => void attempt(async () => {
          await api('DELETE', `/api/tokens/${t.id}`);
          await accountPage(root);
        }, 'Token revoked.') }, 'revoke')))),
      h('form', { onsubmit: async (event: Event) => {
        event.preventDefault();
        const created = await attempt(() => post<{ token: string }>('/api/tokens', { name: name.value }));
        if (!created) return;
        await accountPage(root);
        root.querySelector('.card')!.append(h('p', { class: 'token' }, 'Your new token (shown once): ', h('code', {}, created.token)));
      } }, name, h('button', { type: 'submit' }, 'Create a token')),
      shown,
      h('h3', {}, 'Password'),
      h('form', { id: 'change-password', onsubmit: async (event: Event) => {
        event.preventDefault();
        const done = await attempt(() => post('/api/auth/password', { current: current.value, password: next.value }),
          'Password changed. Your other sessions have been signed out.');
        if (done === undefined) return;
        current.value = '';
        next.value = '';
      } },
        h('label', {}, 'Current password', current),
        h('label', {}, 'New password', next),
        h('button', { type: 'submit' }, 'Change the password'))));
}
