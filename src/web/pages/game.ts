// The game page: a header with the turn and its countdown, and tabs for proposals (compose in
// English or as structured changes, queue, tallies, one-click votes), the ruleset with each rule's
// history and code, players, judgments, the log and every action the rules define. It stays live
// through the game's WebSocket feed.
import { get, post, session } from '../api.js';
import { duration, h, replace, when, type Child } from '../dom.js';
import { attempt, flash } from '../ui.js';
import { wordDiff } from '../diff.js';

type Obj = Record<string, any>;

interface GameInfo {
  game: { id: string; title: string; preset: string | null; visibility: string; owner: string | null; member: boolean };
  seq: number;
  now: number;
  serverNow: number;
  attrs: Obj;
  me: { name: string; member: boolean; player: boolean; admin: boolean } | null;
}

interface Tab {
  el: HTMLElement;
  refresh(): Promise<void>;
}

const TABS: [string, string][] = [
  ['proposals', 'Proposals'], ['rules', 'Ruleset'], ['players', 'Players'], ['judgments', 'Judgments'], ['log', 'Log'], ['actions', 'All actions'],
];

function badge(text: string, kind = ''): HTMLElement {
  return h('span', { class: `badge ${kind}` }, text);
}

function pre(text: unknown, cls = 'text'): HTMLElement {
  return h('div', { class: cls }, String(text ?? ''));
}

export async function gamePage(root: HTMLElement, id: string, tabName: string, rest: string[]): Promise<() => void> {
  let info = await get<GameInfo>(`/api/games/${id}`);
  let skew = info.serverNow - Date.now();
  // What joining asks for (Nomic I's surname, ...), from the rules' own action catalogue.
  const joinArgs = info.me && !info.me.player
    ? Object.entries((await get<{ actions: { name: string; args?: Record<string, string> }[] }>(`/api/games/${id}/actions`).catch(() => ({ actions: [] })))
      .actions.find((a) => a.name === 'join')?.args ?? {})
    : [];
  const joinInputs = joinArgs.map(([arg, type]) => h('input', {
    id: `join-${arg}`, name: arg, required: !type.endsWith('?'), placeholder: type.endsWith('?') ? `${arg} (optional)` : arg,
  }));
  const base = `/api/games/${id}`;
  const cleanups: (() => void)[] = [];

  /** Performs an action as the signed-in person; the rules' refusal is shown as it is. */
  const act = async (action: string, args: Obj = {}, done?: string): Promise<boolean> => {
    const result = await attempt(() => post(`${base}/actions`, { action, args }), done ?? `${action}: done`);
    await refreshAll();
    return result !== undefined;
  };

  const header = h('section', { class: 'game-head' });
  const countdown = h('span', { class: 'countdown', id: 'countdown' });
  const live = h('span', { class: 'live', id: 'live' }, 'connecting…');
  const tabBar = h('nav', { class: 'tabs' }, TABS.map(([key, label]) => h('a', { href: `#/games/${id}/${key}`, class: key === tabName ? 'active' : '', id: `tab-${key}` }, label)));
  const body = h('section', { class: 'tab-body' });

  const drawHeader = () => {
    const a = info.attrs;
    const me = info.me;
    replace(header,
      h('h1', {}, info.game.title, ' ', badge(info.game.visibility), ' ', info.game.preset ? badge(info.game.preset, 'preset') : badge('imported ruleset')),
      h('div', { class: 'row' },
        a.turn != null ? h('span', { id: 'turn' }, `Turn ${a.turn}`) : null,
        a.turnEndsAt != null ? h('span', {}, ' · ends in ', countdown) : null,
        a.turnJudge ? h('span', {}, ` · Judge: ${a.turnJudge}`) : null,
        a.winner != null ? h('strong', { class: 'winner' }, ` · Winner: ${Array.isArray(a.winner) ? a.winner.join(', ') : a.winner}`) : null,
        ' · ', live),
      h('div', { class: 'row' },
        !me ? h('a', { href: `#/join/${id}` }, 'Sign in to play') : null,
        me && !me.player ? h('form', { id: 'join-form', class: 'inline', onsubmit: (event: Event) => {
          event.preventDefault();
          const args = Object.fromEntries(joinInputs.filter((input) => input.value.trim() !== '').map((input) => [input.name, input.value.trim()]));
          void attempt(async () => {
            await post(`${base}/join`, { args });
            await refreshAll();
          }, 'You joined the game.');
        } }, ...joinInputs.map((input) => h('label', { class: 'inline' }, `Your ${input.name} `, input)),
        h('button', { id: 'join-button', type: 'submit' }, 'Join the game')) : null,
        me?.member ? h('button', { class: 'secondary', onclick: () => void attempt(async () => {
          const { path } = await post<{ path: string }>(`${base}/invites`);
          const link = `${location.origin}${path}`;
          await navigator.clipboard?.writeText(link).catch(() => undefined);
          flash(`Invite link (copied if your browser allows): ${link}`);
        }) }, 'Invite link') : null,
        session.testClock ? h('span', { class: 'test-clock' }, 'test clock: ',
          ...[['+1h', 3_600_000], ['+24h', 86_400_000]].map(([label, ms]) => h('button', { class: 'secondary small', id: `clock-${label}`, onclick: () => void attempt(async () => {
            await post('/api/test/clock', { advanceMs: ms });
            await refreshAll();
          }) }, String(label)))) : null));
    tick();
  };

  const tick = () => {
    const ends = info.attrs.turnEndsAt;
    if (typeof ends === 'number') countdown.textContent = duration(ends - (Date.now() + skew));
  };
  const timer = window.setInterval(tick, 1000);
  cleanups.push(() => window.clearInterval(timer));

  const tabs: Record<string, () => Tab> = {
    proposals: () => proposalsTab(id, base, () => info, act),
    rules: () => rulesTab(id, base, rest[0]),
    players: () => playersTab(base),
    judgments: () => judgmentsTab(base, () => info, act),
    log: () => logTab(id, base, () => info),
    actions: () => actionsTab(base, act),
  };
  const tab = (tabs[tabName] ?? tabs.proposals!)();

  let refreshing: Promise<void> | undefined;
  let again = false;
  async function refreshAll(): Promise<void> {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        again = false;
        info = await get<GameInfo>(`/api/games/${id}`);
        skew = info.serverNow - Date.now();
        drawHeader();
        await tab.refresh();
      } while (again);
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  drawHeader();
  replace(root, header, tabBar, body);
  replace(body, tab.el);
  await tab.refresh();

  // ---- the live feed ----
  let socket: WebSocket | undefined;
  let stopped = false;
  let retry = 500;
  let pending: number | undefined;
  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${proto}//${location.host}${base}/feed?after=${info.seq}`);
    socket.onopen = () => {
      retry = 500;
      live.textContent = 'live';
      live.className = 'live on';
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'error') flash(message.error, 'error');
      if (message.type !== 'entry') return;
      window.clearTimeout(pending);
      pending = window.setTimeout(() => void refreshAll().catch(() => undefined), 120);
    };
    socket.onclose = () => {
      live.textContent = 'reconnecting…';
      live.className = 'live off';
      if (!stopped) window.setTimeout(connect, (retry = Math.min(retry * 2, 15_000)));
    };
  };
  connect();
  cleanups.push(() => {
    stopped = true;
    socket?.close();
  });
  return () => cleanups.forEach((c) => c());
}

// ---------------------------------------------------------------- proposals

function proposalsTab(id: string, base: string, info: () => GameInfo, act: (a: string, args?: Obj, done?: string) => Promise<boolean>): Tab {
  const list = h('div', { id: 'proposal-list' });
  const titleIn = h('input', { id: 'proposal-title', placeholder: 'title' });
  const textIn = h('textarea', { id: 'proposal-text', rows: 5, placeholder: 'Write the proposal in plain English, for example:\nAmend Rule 212 by replacing "100 (positive) points" with "200 (positive) points".' });
  const parsed = h('div', { class: 'parsed', id: 'parsed' });
  const previewOut = h('div', { class: 'preview', id: 'preview' });
  const mode = h('select', { id: 'compose-mode' }, h('option', { value: 'english' }, 'in plain English'), h('option', { value: 'structured' }, 'as structured changes'));
  const changesIn = h('textarea', { id: 'proposal-changes', rows: 8, class: 'code', spellcheck: false, placeholder: '[{ "enact": { "title": "...", "text": "...", "code": "export default function (api) { ... }" } }]' });
  const codeIn = h('textarea', { rows: 10, class: 'code', spellcheck: false, value: 'import type { RuleApi } from \'nomicon\';\n\nexport default function (api: RuleApi) {\n  \n}\n' });
  const newRuleTitle = h('input', { placeholder: 'new rule title' });
  const newRuleText = h('textarea', { rows: 3, placeholder: 'new rule text' });
  const codeCheck = h('div', { class: 'code-check', id: 'code-check' });
  const apiRef = h('pre', { class: 'api-ref' }, 'Loading the rule API…');
  const apiDetails = h('details', {}, h('summary', {}, 'The rule API (TypeScript types your code is checked against)'), apiRef);
  apiDetails.addEventListener('toggle', () => {
    if (apiDetails.open && apiRef.dataset.loaded !== '1') {
      void fetch('/api/rule-api').then((r) => r.text()).then((text) => {
        apiRef.textContent = text;
        apiRef.dataset.loaded = '1';
      });
    }
  });
  codeIn.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      const { selectionStart: s, selectionEnd: e, value } = codeIn;
      codeIn.value = `${value.slice(0, s)}  ${value.slice(e)}`;
      codeIn.selectionStart = codeIn.selectionEnd = s + 2;
    }
  });
  const structured = h('div', { class: 'structured', hidden: true },
    h('label', {}, 'Changes (JSON list)', changesIn),
    h('details', {}, h('summary', {}, 'Add a new rule with code'),
      newRuleTitle, newRuleText, h('label', {}, 'Its code (TypeScript, default export receives the rule API)', codeIn),
      h('button', { type: 'button', class: 'secondary', id: 'check-code', onclick: async () => {
        const result = await attempt(() => post<{ available: boolean; diagnostics: { line: number; column: number; message: string }[] }>('/api/check-code', { code: codeIn.value }));
        if (!result) return;
        replace(codeCheck, !result.available ? h('p', { class: 'muted' }, 'This server cannot check types (TypeScript is not installed).')
          : result.diagnostics.length === 0 ? h('p', { class: 'ok' }, 'The code type-checks against the rule API.')
            : h('ul', { class: 'error' }, result.diagnostics.map((d) => h('li', {}, `line ${d.line}, column ${d.column}: ${d.message}`))));
      } }, 'Check the types'),
      codeCheck,
      h('button', { type: 'button', class: 'secondary', onclick: () => {
        let changes: unknown[] = [];
        try {
          changes = changesIn.value.trim() ? JSON.parse(changesIn.value) : [];
        } catch {
          flash('The changes are not valid JSON yet; fix them first.', 'error');
          return;
        }
        changes.push({ enact: { title: newRuleTitle.value, text: newRuleText.value, code: codeIn.value } });
        changesIn.value = JSON.stringify(changes, null, 2);
      } }, 'Add to the changes')),
    apiDetails);
  mode.addEventListener('change', () => {
    structured.hidden = mode.value !== 'structured';
    void parse();
  });

  let parseTimer: number | undefined;
  const parse = async () => {
    if (mode.value === 'structured') {
      replace(parsed, h('p', { class: 'muted' }, 'Structured changes are proposed as written; use Preview to see whether they would be accepted.'));
      return;
    }
    if (!textIn.value.trim()) return replace(parsed);
    const result = await attempt(() => post<{ changes: Obj[]; notes: string[]; formatted: string | null }>('/api/parse-proposal', { text: textIn.value }));
    if (!result) return;
    const manual = result.changes.filter((c) => 'manual' in c);
    replace(parsed,
      h('h4', {}, `The engine reads ${result.changes.length} change${result.changes.length === 1 ? '' : 's'}:`),
      h('ol', { id: 'parsed-changes' }, result.changes.map((c) => h('li', {}, h('code', {}, Object.keys(c)[0] ?? '?'), ' ', describeChange(c)))),
      result.formatted ? h('details', {}, h('summary', {}, 'as the engine will apply them'), pre(result.formatted, 'code-block')) : null,
      manual.length ? h('p', { class: 'warn' }, `${manual.length} part(s) could not be turned into changes: people will have to apply them by hand.`) : null,
      result.notes.length ? h('ul', { class: 'notes' }, result.notes.map((n) => h('li', {}, n))) : null);
  };
  textIn.addEventListener('input', () => {
    window.clearTimeout(parseTimer);
    parseTimer = window.setTimeout(() => void parse(), 350);
  });

  const args = (): Obj | undefined => {
    const a: Obj = { text: textIn.value };
    if (titleIn.value.trim()) a.title = titleIn.value.trim();
    if (mode.value === 'structured') {
      try {
        a.changes = JSON.parse(changesIn.value || '[]');
      } catch (error) {
        flash(`The changes are not valid JSON: ${(error as Error).message}`, 'error');
        return undefined;
      }
    }
    return a;
  };

  const compose = h('form', { id: 'compose', class: 'card', onsubmit: async (event: Event) => {
    event.preventDefault();
    const a = args();
    if (!a) return;
    if (await act('propose', a, 'Proposal submitted.')) {
      textIn.value = '';
      titleIn.value = '';
      replace(parsed);
      replace(previewOut);
    }
  } },
  h('h3', {}, 'Propose ', mode),
  titleIn, textIn, structured, parsed,
  h('div', { class: 'row' },
    h('button', { type: 'button', class: 'secondary', id: 'preview-button', onclick: async () => {
      const a = args();
      if (!a) return;
      const result = await attempt(() => post<{ wouldBe: string; message?: string; outcome: Obj }>(`${base}/preview`, { action: 'propose', args: a }));
      if (!result) return;
      replace(previewOut, result.wouldBe === 'ok'
        ? h('p', { class: 'ok' }, `As of now this would be accepted (${result.outcome.effects.length} changes to the game state).`)
        : h('p', { class: 'error' }, `As of now this would be ${result.wouldBe}: ${result.message}`));
    } }, 'Preview'),
    h('button', { type: 'submit', id: 'propose-button' }, 'Submit the proposal')),
  previewOut);

  const el = h('div', {}, list);

  return {
    el,
    async refresh() {
      const { proposals } = await get<{ proposals: Obj[] }>(`${base}/proposals`);
      const me = info().me;
      if (me?.player && !el.contains(compose)) el.prepend(compose);
      if (!me?.player && el.contains(compose)) compose.remove();
      const card = (p: Obj) => {
        const mine = me?.name === p.author;
        const endorsers: string[] = Array.isArray(p.endorsers) ? p.endorsers : [];
        const myVote = me && p.votes && typeof p.votes === 'object' ? p.votes[me.name] : undefined;
        return h('article', { class: `card proposal status-${p.status}`, id: `proposal-${p.id}` },
          h('h3', {}, p.number != null ? `Proposal ${p.number}` : `Queued proposal (#${p.queuePosition ?? '–'} in the queue)`, p.title ? `: ${p.title}` : '', ' ', badge(String(p.status), String(p.status))),
          h('p', { class: 'muted' }, `by ${p.author} · ${when(p.createdAt)}`),
          pre(p.text),
          p.changesText ? h('details', {}, h('summary', {}, `${Array.isArray(p.changes) ? p.changes.length : 0} change(s)`), pre(p.changesText, 'code-block')) : null,
          p.status === 'pending' ? h('p', {}, `Endorsed by ${endorsers.length ? endorsers.join(', ') : 'nobody yet'}`) : null,
          p.status === 'voting' || p.votesFor || p.votesAgainst ? h('p', { class: 'tally' }, `For ${p.votesFor ?? 0} · Against ${p.votesAgainst ?? 0}`, myVote ? ` · your vote: ${myVote.phrase ?? myVote.vote ?? myVote}` : '') : null,
          p.removed ? h('p', { class: 'muted' }, p.removed) : null,
          p.rejectedBecause ? h('p', { class: 'muted' }, p.rejectedBecause) : null,
          p.effect ? h('p', { class: 'muted' }, `Effect: ${p.effect}`) : null,
          me?.player ? h('div', { class: 'row' },
            p.status === 'pending' && !endorsers.includes(me.name) ? h('button', { class: 'endorse', onclick: () => void act('endorse', { proposal: p.id }, 'Endorsed.') }, 'Endorse') : null,
            p.status === 'pending' && endorsers.includes(me.name) ? h('button', { class: 'secondary', onclick: () => void act('unendorse', { proposal: p.id }, 'Endorsement withdrawn.') }, 'Withdraw endorsement') : null,
            p.status === 'pending' && mine ? h('button', { class: 'secondary', onclick: () => void act('withdraw', { proposal: p.id }, 'Proposal withdrawn.') }, 'Remove my proposal') : null,
            p.status === 'voting' ? [
              h('button', { class: 'vote-yes', onclick: () => void act('vote', { proposal: p.id, vote: 'yes' }, 'You voted yes.') }, 'Vote yes'),
              h('button', { class: 'vote-no', onclick: () => void act('vote', { proposal: p.id, vote: 'no' }, 'You voted no.') }, 'Vote no'),
              myVote ? h('button', { class: 'secondary', onclick: () => void act('vote', { proposal: p.id, vote: 'withdraw' }, 'Vote withdrawn.') }, 'Withdraw my vote') : null,
            ] : null) : null);
      };
      const open = proposals.filter((p) => p.status === 'voting' || p.status === 'pending');
      const closed = proposals.filter((p) => p.status !== 'voting' && p.status !== 'pending');
      replace(list,
        h('h2', {}, 'Up for vote and in the queue'),
        open.length ? open.map(card) : h('p', { class: 'muted' }, 'No proposal is queued or up for vote.'),
        closed.length ? [h('h2', {}, 'Decided and removed'), closed.map(card)] : null);
      void id;
    },
  };
}

function describeChange(c: Obj): string {
  const [kind, v] = Object.entries(c)[0] ?? ['?', {}];
  const o = (v ?? {}) as Obj;
  switch (kind) {
    case 'enact': return `a new rule${o.number ? ` ${o.number}` : ''}${o.title ? ` "${o.title}"` : ''}${o.code ? ' with code' : ''}`;
    case 'amend': return `rule ${o.rule}${o.replace ? `: replace ${o.replace.map((r: Obj) => `"${r.from}" with "${r.to}"`).join(', ')}` : o.text ? ': new text' : o.append ? ': add a paragraph' : ''}${o.code !== undefined ? ' (and its code)' : ''}`;
    case 'repeal': case 'transmute': return `rule ${o.rule}${kind === 'transmute' && o.mutable !== undefined ? ` to ${o.mutable ? 'mutable' : 'immutable'}` : ''}`;
    case 'retitle': return `rule ${o.rule} to "${o.title}"`;
    case 'renumber': return `rule ${o.rule} to ${o.number}`;
    case 'set': return `${o.path ?? `rule ${o.rule}.${o.attribute}`} = ${JSON.stringify(o.value)}`;
    case 'manual': return `by hand: ${o.text}${o.reason ? ` (${o.reason})` : ''}`;
    default: return JSON.stringify(o);
  }
}

// ---------------------------------------------------------------- the ruleset

function historyList(rule: Obj): HTMLElement {
  const items: Obj[] = Array.isArray(rule.history) ? rule.history : [];
  return h('ol', { class: 'history' }, items.map((entry, i) => {
    let diff: Child = null;
    if (entry.kind === 'amended' && typeof entry.before === 'string') {
      const later = items.slice(i + 1).find((e) => e.kind === 'amended' && typeof e.before === 'string');
      const after = later ? String(later.before) : String(rule.text);
      diff = h('div', { class: 'diff' }, wordDiff(entry.before, after).map((part) =>
        part.kind === 'same' ? part.text : h(part.kind === 'added' ? 'ins' : 'del', {}, part.text)));
    }
    return h('li', {},
      h('span', { class: 'muted' }, typeof entry.at === 'number' ? `${when(entry.at)} · ` : ''),
      h('strong', {}, String(entry.kind ?? 'noted')),
      entry.cause ? ` by ${entry.cause}` : '',
      entry.note ? ` — ${entry.note}` : '',
      entry.codeChanged ? ' (code changed)' : '',
      diff);
  }));
}

function ruleCard(id: string, rule: Obj): HTMLElement {
  return h('article', { class: `card rule ${rule.repealed ? 'repealed' : ''}`, id: `rule-${rule.number}` },
    h('h3', {},
      h('a', { href: `#/games/${id}/rules/${encodeURIComponent(rule.number)}` }, `Rule ${rule.number}`),
      rule.title ? ` · ${rule.title}` : '', ' ',
      rule.mutable === true ? badge('mutable') : rule.mutable === false ? badge('immutable', 'immutable') : null, ' ',
      rule.power != null ? badge(`power ${rule.power}`) : null, ' ',
      rule.mechanized ? badge('mechanized', 'mechanized') : badge('enforced by people', 'people')),
    pre(rule.text),
    rule.enforcedByPeople ? h('p', { class: 'muted' }, rule.enforcedByPeople) : null,
    rule.code ? h('details', { class: 'code' }, h('summary', {}, 'Code'), h('pre', { class: 'code-block' }, rule.code)) : null,
    h('details', {}, h('summary', {}, `History (${Array.isArray(rule.history) ? rule.history.length : 0})`), historyList(rule)));
}

function rulesTab(id: string, base: string, focus: string | undefined): Tab {
  const seqIn = h('input', { type: 'number', min: 0, placeholder: 'entry #', id: 'ruleset-seq' });
  const list = h('div', { id: 'rules' });
  const note = h('p', { class: 'muted' });
  let asOf: number | undefined;
  const controls = h('form', { class: 'row', onsubmit: (event: Event) => {
    event.preventDefault();
    asOf = seqIn.value === '' ? undefined : Number(seqIn.value);
    void tab.refresh();
  } }, 'The ruleset as it stood after log entry ', seqIn, h('button', { type: 'submit', class: 'secondary' }, 'Show'),
  h('button', { type: 'button', class: 'secondary', onclick: () => {
    seqIn.value = '';
    asOf = undefined;
    void tab.refresh();
  } }, 'Now'));
  let scrolled = false;
  const tab: Tab = {
    el: h('div', {}, controls, note, list),
    async refresh() {
      const data = await get<{ seq: number; now: number; rules: Obj[]; repealed: Obj[] }>(`${base}/rules${asOf !== undefined ? `?seq=${asOf}` : ''}`);
      note.textContent = asOf !== undefined ? `As it stood after entry ${data.seq} (${when(data.now)}).` : `${data.rules.length} rules in effect; ${data.rules.filter((r) => r.mechanized).length} are mechanized.`;
      replace(list, data.rules.map((r) => ruleCard(id, r)),
        data.repealed.length ? h('details', {}, h('summary', {}, `Repealed rules (${data.repealed.length})`), data.repealed.map((r) => ruleCard(id, r))) : null);
      if (focus && !scrolled) {
        scrolled = true;
        const target = document.getElementById(`rule-${focus}`);
        target?.classList.add('focus');
        target?.scrollIntoView();
      }
    },
  };
  return tab;
}

// ---------------------------------------------------------------- players

function playersTab(base: string): Tab {
  const el = h('div', { class: 'card' });
  return {
    el,
    async refresh() {
      const [{ players }, { members }, { series }] = await Promise.all([
        get<{ players: Obj[] }>(`${base}/players`), get<{ members: Obj[] }>(`${base}/members`),
        get<{ series: Record<string, Point[]> }>(`${base}/scores`)]);
      const skip = new Set(['id', 'key', 'name', 'joinedAt', 'secretAttrs', 'inactiveSince', 'forfeitedAt']);
      const columns = [...new Set(players.flatMap((p) => Object.keys(p).filter((k) => !skip.has(k) && (p[k] === null || typeof p[k] !== 'object'))))]
        .sort((a, b) => (a === 'points' ? -1 : b === 'points' ? 1 : a.localeCompare(b)));
      const names = new Set(players.map((p) => p.id));
      replace(el,
        h('h2', {}, 'Players'),
        players.length === 0 ? h('p', { class: 'muted' }, 'Nobody plays yet.') : h('table', { id: 'players' },
          h('thead', {}, h('tr', {}, h('th', {}, 'player'), columns.map((c) => h('th', {}, c)))),
          h('tbody', {}, players.map((p) => h('tr', {}, h('td', {}, p.id), columns.map((c) => h('td', {}, p[c] === undefined || p[c] === null ? '' : String(p[c])))))),
        ),
        Object.entries(series).filter(([, points]) => points.length > 0).map(([attr, points]) => h('figure', { class: 'chart' }, h('figcaption', {}, `${attr} over time`), chart(points))),
        members.some((m) => !names.has(m.name)) ? h('p', { class: 'muted' }, `Members who are not players: ${members.filter((m) => !names.has(m.name)).map((m) => m.name).join(', ')}`) : null);
    },
  };
}

type Point = { seq: number; at: number; values: Record<string, number> };

const COLORS = ['#2457c5', '#b3261e', '#137333', '#8a5a00', '#6b21a8', '#0e7490', '#be185d', '#4d7c0f'];

/** A step chart of one attribute per player over time (SVG, drawn with DOM calls only). */
function chart(points: Point[]): SVGSVGElement {
  const NS = 'http://www.w3.org/2000/svg';
  const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const W = 640;
  const H = 200;
  const pad = 32;
  const players = [...new Set(points.flatMap((p) => Object.keys(p.values)))];
  const xs = points.map((p) => p.at);
  const ys = points.flatMap((p) => Object.values(p.values));
  const [x0, x1] = [Math.min(...xs), Math.max(...xs, Math.min(...xs) + 1)];
  const [y0, y1] = [Math.min(0, ...ys), Math.max(1, ...ys)];
  const X = (x: number) => pad + ((x - x0) / (x1 - x0)) * (W - 2 * pad);
  const Y = (y: number) => H - pad - ((y - y0) / (y1 - y0)) * (H - 2 * pad);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H + 20 * Math.ceil(players.length / 4)}`, role: 'img', class: 'chart-svg' });
  svg.append(el('line', { x1: pad, y1: Y(y0), x2: W - pad, y2: Y(y0), stroke: '#dde1e7' }), el('line', { x1: pad, y1: Y(y1), x2: W - pad, y2: Y(y1), stroke: '#dde1e7' }));
  for (const [value, y] of [[y0, Y(y0)], [y1, Y(y1)]] as const) {
    const label = el('text', { x: 2, y: y + 4, 'font-size': 11, fill: '#667085' });
    label.textContent = String(value);
    svg.append(label);
  }
  players.forEach((player, i) => {
    const color = COLORS[i % COLORS.length]!;
    let d = '';
    let last: number | undefined;
    for (const p of points) {
      const v = p.values[player];
      if (v === undefined) continue;
      d += last === undefined ? `M${X(p.at)},${Y(v)}` : `H${X(p.at)}V${Y(v)}`;
      last = v;
    }
    if (last !== undefined) d += `H${X(x1)}`;
    svg.append(el('path', { d, fill: 'none', stroke: color, 'stroke-width': 2 }));
    const lx = pad + (i % 4) * 150;
    const ly = H + 12 + 20 * Math.floor(i / 4);
    svg.append(el('rect', { x: lx, y: ly - 9, width: 10, height: 10, fill: color }));
    const name = el('text', { x: lx + 14, y: ly, 'font-size': 12, fill: '#1d1f24' });
    name.textContent = `${player} (${last ?? ''})`;
    svg.append(name);
  });
  return svg;
}

// ---------------------------------------------------------------- judgments

function judgmentsTab(base: string, info: () => GameInfo, act: (a: string, args?: Obj, done?: string) => Promise<boolean>): Tab {
  const question = h('textarea', { rows: 2, id: 'judgment-question', placeholder: 'The question: is this move legal? what does this rule mean?' });
  const invoke = h('form', { class: 'card', onsubmit: async (event: Event) => {
    event.preventDefault();
    if (await act('invoke-judgment', { question: question.value }, 'Judgment invoked.')) question.value = '';
  } }, h('h3', {}, 'Invoke Judgment'), question, h('button', { type: 'submit' }, 'Invoke'));
  const list = h('div', {});
  return {
    el: h('div', {}, invoke, list),
    async refresh() {
      const { judgments } = await get<{ judgments: Obj[] }>(`${base}/judgments`);
      const me = info().me;
      replace(list, judgments.length === 0 ? h('p', { class: 'muted' }, 'No judgments yet.') : judgments.map((j) => {
        const ruling = h('textarea', { rows: 3, placeholder: 'Your ruling' });
        const undecidable = h('input', { type: 'checkbox' });
        const corrections = h('textarea', { rows: 2, class: 'code', placeholder: 'corrections (optional JSON list of changes)' });
        return h('article', { class: `card judgment status-${j.status}` },
          h('h3', {}, `Judgment ${j.id} `, badge(String(j.status), String(j.status))),
          pre(j.question),
          h('p', { class: 'muted' }, `invoked by ${j.invoker} · ${when(j.invokedAt)} · Judge: ${j.judge ?? 'nobody eligible'}`),
          j.ruling ? h('div', {}, h('strong', {}, 'Ruling: '), pre(j.ruling)) : null,
          Array.isArray(j.corrections) && j.corrections.length ? h('details', {}, h('summary', {}, 'Corrections'), h('pre', { class: 'code-block' }, JSON.stringify(j.corrections, null, 2))) : null,
          j.overruledBy ? h('p', {}, `Overruled by ${j.overruledBy}${j.next ? `; the question went to judgment ${j.next}` : ''}`) : null,
          Array.isArray(j.overruleVotes) && j.overruleVotes.length ? h('p', { class: 'muted' }, `Votes to overrule: ${j.overruleVotes.join(', ')}`) : null,
          me && j.status === 'open' && j.judge === me.name ? h('form', { onsubmit: async (event: Event) => {
            event.preventDefault();
            let parsed: unknown;
            try {
              parsed = corrections.value.trim() ? JSON.parse(corrections.value) : undefined;
            } catch {
              flash('The corrections are not valid JSON.', 'error');
              return;
            }
            await act('judge', { judgment: j.id, ruling: ruling.value, ...(parsed ? { corrections: parsed } : {}), ...(undecidable.checked ? { undecidable: true } : {}) }, 'Judged.');
          } }, ruling, corrections, h('label', { class: 'inline' }, undecidable, ' equally legal and illegal (undecidable)'), h('button', { type: 'submit' }, 'Judge')) : null,
          me?.player && j.status === 'decided' && j.judge !== me.name ? h('button', { class: 'secondary', onclick: () => void act('overrule', { judgment: j.id }, 'Your vote to overrule is in.') }, 'Vote to overrule') : null);
      }));
    },
  };
}

// ---------------------------------------------------------------- the log

function effectLinks(id: string, effects: Obj[]): Child {
  const keys = [...new Set(effects.map((e) => e.key).filter((k): k is string => typeof k === 'string'))];
  if (keys.length === 0) return null;
  return h('span', { class: 'effects' }, 'changed: ', keys.map((key, i) => {
    const [type, ref] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const href = type === 'rule' ? `#/games/${id}/rules/${encodeURIComponent(ref)}` : type === 'proposal' ? `#/games/${id}/proposals` : type === 'player' ? `#/games/${id}/players` : type === 'judgment' ? `#/games/${id}/judgments` : null;
    return [i ? ', ' : '', href ? h('a', { href }, key) : key];
  }));
}

function logTab(id: string, base: string, info: () => GameInfo): Tab {
  const text = h('input', { id: 'say-text', placeholder: 'say something to the game' });
  const channel = h('input', { id: 'say-channel', placeholder: 'channel (optional)', class: 'short' });
  const say = h('form', { class: 'row card', onsubmit: async (event: Event) => {
    event.preventDefault();
    const done = await attempt(() => post(`${base}/say`, { text: text.value, ...(channel.value.trim() ? { channel: channel.value.trim() } : {}) }));
    if (done) text.value = '';
    await tab.refresh();
  } }, text, channel, h('button', { type: 'submit' }, 'Say'));
  const list = h('ol', { class: 'log', id: 'log' });
  let older: Obj[] = [];
  const more = h('button', { class: 'secondary', onclick: async () => {
    const first = older[older.length - 1]?.seq ?? latest[latest.length - 1]?.seq;
    if (!first || first <= 1) return;
    const { entries } = await get<{ entries: Obj[] }>(`${base}/log?before=${first}&limit=50`);
    older = [...older, ...entries.reverse()];
    draw();
  } }, 'Older entries');
  let latest: Obj[] = [];
  const entryItem = (e: Obj) => {
    const outcome = e.outcome ?? {};
    const input = e.input ?? {};
    return h('li', { class: `entry status-${outcome.status}`, id: `entry-${e.seq}` },
      h('span', { class: 'seq' }, `#${e.seq}`), ' ',
      h('span', { class: 'muted' }, when(input.at)), ' ',
      h('strong', {}, e.summary ?? input.kind), ' ',
      input.kind === 'message' ? h('q', {}, input.text) : null,
      input.kind === 'action' && input.args && Object.keys(input.args).length ? h('code', {}, JSON.stringify(input.args).slice(0, 300)) : null,
      input.argsHidden ? h('span', { class: 'muted' }, ' (secret)') : null, ' ',
      outcome.status !== 'ok' ? badge(String(outcome.status), 'refused') : null,
      outcome.message ? h('span', { class: 'message' }, ` ${outcome.message}`) : null,
      Array.isArray(outcome.outputs) && outcome.outputs.length ? h('ul', { class: 'outputs' }, outcome.outputs.map((o: Obj) => h('li', {}, o.channel ? `#${o.channel}: ` : '', o.text))) : null,
      effectLinks(id, Array.isArray(outcome.effects) ? outcome.effects : []));
  };
  const draw = () => {
    const all = [...latest, ...older];
    replace(list, all.map(entryItem));
    more.hidden = (all[all.length - 1]?.seq ?? 1) <= 1;
  };
  const tab: Tab = {
    el: h('div', {}, info().me?.member ? say : null, list, more),
    async refresh() {
      const { entries } = await get<{ entries: Obj[] }>(`${base}/log?limit=50`);
      latest = entries.reverse();
      const lowest = latest[latest.length - 1]?.seq ?? 0;
      older = older.filter((e) => e.seq < lowest);
      draw();
    },
  };
  return tab;
}

// ---------------------------------------------------------------- every action

function actionsTab(base: string, act: (a: string, args?: Obj, done?: string) => Promise<boolean>): Tab {
  const el = h('div', {});
  return {
    el,
    async refresh() {
      if (el.dataset.loaded === '1') return;
      const { actions } = await get<{ actions: { name: string; args: Record<string, string>; describe: string; rule: string }[] }>(`${base}/actions`);
      el.dataset.loaded = '1';
      replace(el, h('p', { class: 'muted' }, 'Every action the rules\' code defines. The rules decide whether you may do it; a refusal says why.'),
        actions.map((a) => {
          const inputs = Object.entries(a.args ?? {}).map(([name, type]) => {
            const kind = type.replace('?', '');
            const input = kind === 'boolean' ? h('input', { type: 'checkbox', name }) : kind === 'json' || kind === 'string[]' ? h('textarea', { name, rows: 2, class: 'code', placeholder: `${type} (JSON)` }) : h('input', { name, type: kind === 'number' ? 'number' : 'text', placeholder: type });
            return { name, type, kind, input };
          });
          const collect = (): Obj | undefined => {
            const args: Obj = {};
            for (const { name, type, kind, input } of inputs) {
              const optional = type.endsWith('?');
              if (kind === 'boolean') {
                if ((input as HTMLInputElement).checked || !optional) args[name] = (input as HTMLInputElement).checked;
                continue;
              }
              const raw = (input as HTMLInputElement).value;
              if (raw === '' && optional) continue;
              if (kind === 'number') args[name] = Number(raw);
              else if (kind === 'json' || kind === 'string[]') {
                try {
                  args[name] = JSON.parse(raw);
                } catch {
                  if (kind === 'json') args[name] = raw;
                  else {
                    flash(`${name} must be a JSON list`, 'error');
                    return undefined;
                  }
                }
              } else args[name] = raw;
            }
            return args;
          };
          const out = h('div', { class: 'preview' });
          return h('form', { class: 'card action', onsubmit: (event: Event) => {
            event.preventDefault();
            const args = collect();
            if (args) void act(a.name, args);
          } },
          h('h3', {}, a.name, ' ', h('span', { class: 'muted' }, `(Rule ${a.rule})`)),
          a.describe ? h('p', {}, a.describe) : null,
          inputs.map(({ name, input }) => h('label', {}, name, input)),
          h('div', { class: 'row' },
            h('button', { type: 'submit' }, a.name),
            h('button', { type: 'button', class: 'secondary', onclick: async () => {
              const args = collect();
              if (!args) return;
              const result = await attempt(() => post<{ wouldBe: string; message?: string }>(`${base}/preview`, { action: a.name, args }));
              if (result) replace(out, result.wouldBe === 'ok' ? h('p', { class: 'ok' }, 'As of now this would be accepted.') : h('p', { class: 'error' }, `As of now: ${result.wouldBe}: ${result.message}`));
            } }, 'Preview')),
          out);
        }));
    },
  };
}

