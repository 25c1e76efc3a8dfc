// Words for what a game says and holds, shared by the Discord bot and the mail gateway: outputs, happenings, rule diffs, status, reports.
import { exportRuleset } from '../formats/export.js';
import type { ExportFormat, ImportedRule, ImportedRuleset } from '../formats/ruleset.js';
import { compareRuleNumbers } from '../kernel/state.js';
import type { GameObject, GameState, Json, JsonObject, LogEntry } from '../kernel/types.js';

/** One thing to tell people, and where (a game channel name; undefined = the front's default). */
export interface Announcement {
  kind: 'output' | 'rule-change' | 'win' | 'note' | 'brake' | 'warning' | 'deadline';
  to: 'all' | string[];
  channel?: string;
  text: string;
  /** For a deadline: when it falls. */
  at?: number;
  /** A report the rules asked for (`data.report` on an output): ruleset, tallies, roster. */
  report?: { kind: string; format?: string };
}

const str = (v: Json | undefined): string => (v === undefined || v === null ? '' : String(v));

/** The lines that differ between two texts, as a unified-style diff without context headers. */
export function lineDiff(before: string, after: string, context = 1): string {
  const a = before.split('\n');
  const b = after.split('\n');
  // Longest common subsequence table (rules are short; quadratic is fine).
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: { op: ' ' | '-' | '+'; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ op: ' ', line: a[i++]! }), j++;
    else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ op: '-', line: a[i++]! });
    else ops.push({ op: '+', line: b[j++]! });
  }
  const keep = ops.map((o, k) => o.op !== ' ' || ops.slice(Math.max(0, k - context), k + context + 1).some((x) => x.op !== ' '));
  const out: string[] = [];
  ops.forEach((o, k) => {
    if (keep[k]) out.push(`${o.op} ${o.line}`);
    else if (keep[k - 1] && keep.slice(k).includes(true)) out.push('  ...');
  });
  return out.join('\n');
}

function effectValue(entry: LogEntry, key: string, attr: string): Json | undefined {
  let value: Json | undefined;
  for (const e of entry.outcome.effects) {
    if (e.op === 'set' && e.key === key && e.attr === attr) value = e.value;
    if (e.op === 'create' && `${e.object.type}/${e.object.id}` === key) value = e.object.attrs[attr];
  }
  return value;
}

function ruleKeyIn(entry: LogEntry, number: string): string | undefined {
  for (const e of entry.outcome.effects) {
    if (e.op === 'create' && e.object.type === 'rule' && str(e.object.attrs.number) === number) return `rule/${e.object.id}`;
    if (e.op === 'set' && e.key.startsWith('rule/') && e.attr === 'text') return e.key;
  }
  return undefined;
}

/** A rule change as people read it: what happened to which rule, why, and the text or a diff. */
export function describeRuleChange(entry: LogEntry, payload: JsonObject, state?: GameState): string {
  const number = str(payload.rule);
  const cause = payload.cause ? ` (${str(payload.cause)})` : '';
  const kind = str(payload.kind);
  const key = ruleKeyIn(entry, number) ?? Object.entries(state?.objects ?? {}).find(([, o]) => o.type === 'rule' && str(o.attrs.number) === number)?.[0];
  const text = key ? effectValue(entry, key, 'text') : undefined;
  if (kind === 'enact') return `Rule ${number} is enacted${cause}:\n${str(text ?? (key ? state?.objects[key]?.attrs.text : ''))}`;
  if (kind === 'repeal') return `Rule ${number} is repealed${cause}.`;
  if (kind === 'amend' && key) {
    const history = effectValue(entry, key, 'history');
    const last = Array.isArray(history) ? (history[history.length - 1] as JsonObject | undefined) : undefined;
    const before = last && last.kind === 'amended' ? str(last.before) : undefined;
    const after = str(text ?? state?.objects[key]?.attrs.text);
    return `Rule ${number} is amended${cause}.${before !== undefined ? `\n${lineDiff(before, after)}` : `\n${after}`}`;
  }
  const attr = payload.attribute ? ` (${str(payload.attribute)})` : '';
  return `Rule ${number}: ${kind}${attr}${cause}.`;
}

/** What one log entry tells people: the rules' outputs, rule changes, wins, notes, new deadlines. */
export function announcementsOf(entry: LogEntry, state?: GameState, opts: { deadlines?: boolean } = {}): Announcement[] {
  const out: Announcement[] = [];
  const o = entry.outcome;
  // Rule changes first: they happened before the outputs that speak of them ("takes effect").
  for (const h of o.happenings) {
    if (h.event !== 'rule-changed') continue;
    const p = (h.payload && typeof h.payload === 'object' && !Array.isArray(h.payload) ? h.payload : {}) as JsonObject;
    out.push({ kind: 'rule-change', to: 'all', text: describeRuleChange(entry, p, state) });
  }
  for (const output of o.outputs) {
    const data = output.data && typeof output.data === 'object' && !Array.isArray(output.data) ? (output.data as JsonObject) : undefined;
    const report = data && typeof data.report === 'string' ? { kind: data.report, ...(typeof data.format === 'string' ? { format: data.format } : {}) } : undefined;
    out.push({ kind: 'output', to: output.to, ...(output.channel ? { channel: output.channel } : {}), text: output.text, ...(report ? { report } : {}) });
  }
  for (const h of o.happenings) {
    const p = (h.payload && typeof h.payload === 'object' && !Array.isArray(h.payload) ? h.payload : {}) as JsonObject;
    switch (h.event) {
      case 'win': {
        const winners = Array.isArray(p.winners) ? p.winners.map(str) : [];
        out.push({ kind: 'win', to: 'all', text: `${winners.join(' and ')} ${winners.length === 1 ? 'wins' : 'win'} the game: ${str(p.reason)}.` });
        break;
      }
      case 'note':
        out.push({ kind: 'note', to: 'all', text: str(p.text) });
        break;
      case 'brake':
        out.push({ kind: 'brake', to: 'all', text: `${str(p.person)} ${p.on ? 'switched off' : 'switched on'} the code of rule ${str(p.rule)}: ${str(p.reason)}.` });
        break;
      case 'code-out-of-date':
        out.push({ kind: 'warning', to: 'all', text: `Rule ${str(p.rule)}'s text no longer says what its code reads from it ("${str(p.param)}"): people enforce it until the code is updated.` });
        break;
      default:
        break;
    }
  }
  if (opts.deadlines && o.status === 'ok') {
    for (const e of o.effects) {
      if (e.op !== 'create' || e.object.type !== 'timer' || typeof e.object.attrs.at !== 'number') continue;
      out.push({ kind: 'deadline', to: 'all', text: `Next deadline: ${str(e.object.attrs.event) || e.object.id} at ${new Date(e.object.attrs.at).toISOString()}`, at: e.object.attrs.at });
    }
  }
  return out;
}

function objects(state: GameState, type: string): GameObject[] {
  return Object.values(state.objects).filter((o) => o.type === type);
}

function proposalLabel(p: GameObject): string {
  const a = p.attrs;
  const n = a.number !== null && a.number !== undefined ? `Proposal ${str(a.number)}` : `Proposal ${p.id} (queued)`;
  return `${n}${a.title ? ` "${str(a.title)}"` : ''}${a.author ? ` by ${str(a.author)}` : ''}`;
}

/** Vote tallies of the proposals up for vote, and of the last ones decided. */
export function talliesText(state: GameState, recent = 3): string {
  const proposals = objects(state, 'proposal');
  const open = proposals.filter((p) => p.attrs.status === 'voting');
  const decided = proposals.filter((p) => p.attrs.status === 'adopted' || p.attrs.status === 'rejected')
    .sort((x, y) => Number(y.attrs.votingEndedAt ?? 0) - Number(x.attrs.votingEndedAt ?? 0)).slice(0, recent);
  const tally = (p: GameObject) => {
    const votes = (p.attrs.votes ?? {}) as Record<string, JsonObject>;
    const who = Object.entries(votes).map(([voter, v]) => `${voter}: ${str(v.phrase ?? v.vote)}`).join(', ');
    return `${proposalLabel(p)}: ${str(p.attrs.votesFor ?? 0)} for, ${str(p.attrs.votesAgainst ?? 0)} against${who ? ` (${who})` : ''}`;
  };
  const lines = [
    open.length ? 'Up for vote:' : 'No proposal is up for vote.',
    ...open.map((p) => `  ${tally(p)}`),
    ...(decided.length ? ['Decided:', ...decided.map((p) => `  ${tally(p)}: ${str(p.attrs.status)}`)] : []),
  ];
  return lines.join('\n');
}

/** The players, active first, with their points where the rules keep them. */
export function rosterText(state: GameState): string {
  const players = objects(state, 'player').sort((x, y) => Number(y.attrs.active === true) - Number(x.attrs.active === true) || (x.id < y.id ? -1 : 1));
  if (players.length === 0) return 'There are no players.';
  return ['Players:', ...players.map((p) => {
    const bits = [p.attrs.active === false ? 'inactive' : p.attrs.active === true ? 'active' : '', typeof p.attrs.points === 'number' ? `${p.attrs.points} points` : ''].filter(Boolean);
    return `  ${p.id}${bits.length ? ` (${bits.join(', ')})` : ''}`;
  })].join('\n');
}

/** A short status: the turn and its end, the vote, the queue, the players, the winner. */
export function statusText(state: GameState, title?: string): string {
  const g = state.objects['game/game']?.attrs ?? {};
  const lines: string[] = [];
  if (title) lines.push(title);
  if (g.winner !== null && g.winner !== undefined) lines.push(`Winner: ${Array.isArray(g.winner) ? g.winner.map(str).join(', ') : str(g.winner)}`);
  if (g.turn !== undefined && g.turn !== null) {
    const ends = typeof g.turnEndsAt === 'number' ? `, ends ${new Date(g.turnEndsAt).toISOString()}` : '';
    lines.push(`Turn ${str(g.turn)}${g.turnPlayer ? ` (${str(g.turnPlayer)})` : ''}${ends}`);
  }
  lines.push(talliesText(state, 1));
  const queue = objects(state, 'proposal').filter((p) => p.attrs.status === 'pending')
    .sort((x, y) => Number(x.attrs.queuePosition ?? 1e9) - Number(y.attrs.queuePosition ?? 1e9));
  if (queue.length) lines.push('Queue:', ...queue.map((p, i) => `  ${i + 1}. ${proposalLabel(p)}${Array.isArray(p.attrs.endorsers) ? `, endorsed by ${p.attrs.endorsers.length ? p.attrs.endorsers.map(str).join(', ') : 'nobody'}` : ''}`));
  lines.push(rosterText(state));
  return lines.join('\n');
}

/** The game's rules as a structured ruleset (history entries as lines). */
export function rulesetOf(state: GameState, title?: string): ImportedRuleset {
  const rules: ImportedRule[] = objects(state, 'rule')
    .sort((x, y) => compareRuleNumbers(str(x.attrs.number), str(y.attrs.number)))
    .map((r) => {
      const history = Array.isArray(r.attrs.history) ? r.attrs.history : [];
      const rule: ImportedRule = {
        number: str(r.attrs.number), title: str(r.attrs.title), text: str(r.attrs.text),
        history: history.map((h) => {
          const x = (h ?? {}) as JsonObject;
          const when = typeof x.at === 'number' ? new Date(x.at).toISOString().slice(0, 10) : '';
          return [str(x.kind), x.note ? str(x.note) : '', x.cause ? `by ${str(x.cause)}` : '', when ? `on ${when}` : ''].filter(Boolean).join(' ');
        }),
        attrs: { revision: history.filter((h) => (h as JsonObject | null)?.kind === 'amended').length },
      };
      if (typeof r.attrs.mutable === 'boolean') rule.mutable = r.attrs.mutable;
      if (typeof r.attrs.power === 'number') rule.power = r.attrs.power;
      return rule;
    });
  return { format: 'markdown', ...(title ? { title } : {}), sections: [], rules, warnings: [] };
}

/** The ruleset as text: FLR (with history), SLR (text only), markdown or JSON. */
export function rulesetText(state: GameState, format: ExportFormat = 'slr', title?: string): string {
  return exportRuleset(rulesetOf(state, title), format);
}

/** One rule's text by number. */
export function ruleText(state: GameState, number: string): string | undefined {
  const n = number.replace(/^#/, '').trim();
  const rule = objects(state, 'rule').find((r) => str(r.attrs.number) === n);
  if (!rule) return undefined;
  const mutable = rule.attrs.mutable === false ? ' (Immutable)' : '';
  return `Rule ${n}${mutable}${rule.attrs.title ? `: ${str(rule.attrs.title)}` : ''}\n\n${str(rule.attrs.text)}`;
}

/** A report by name, as officers used to type them. */
export function reportText(state: GameState, kind: string, format?: string, title?: string): string | undefined {
  switch (kind) {
    case 'ruleset':
    case 'flr':
    case 'slr':
      return rulesetText(state, (kind === 'ruleset' ? format ?? 'slr' : kind) as ExportFormat, title);
    case 'tallies':
    case 'votes':
      return talliesText(state);
    case 'roster':
    case 'players':
      return rosterText(state);
    case 'status':
      return statusText(state, title);
    default:
      return undefined;
  }
}

/** Splits text into pieces of at most `max` characters, at line ends where it can. */
export function chunks(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = max;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, '');
  }
  if (rest.length > 0 || out.length === 0) out.push(rest);
  return out;
}
