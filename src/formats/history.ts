// Recognising the history and status notes rulesets attach to rules ("Enacted by Thomas, 24 Jun 1999",
// DocNomic's bracketed chronology, "(void: conflicting rule)"), and rendering Agora's structured YAML history.
import { isStatusText } from './header.js';

const HISTORY_START =
  /^(?:\([^)]*\)\s*)?(?:initial(?:ly)?\b|enacted\b|re-?enacted\b|amended\b|amendment\b|created\b|proposed\b|re-?proposed\b|transmuted\b|repealed\b|originally\b|meta-amended\b|renumbered\b|retitled\b|mutated\b|power changed\b|adopted\b|accepted\b|ratified\b|infected\b)/i;

/** A line that reads like a history note: starts with a history verb and names an agent, a date or an origin. */
export function isHistoryLine(line: string): boolean {
  const t = line.trim();
  if (t.length === 0 || t.length > 240) return false;
  if (!HISTORY_START.test(t)) return false;
  return /^(?:\([^)]*\)\s*)?initial/i.test(t) || /\bby\b/i.test(t) || /\b\d{4}\b/.test(t) || /\b(from|as|to)\s+(rule|prop)/i.test(t);
}

/** A status paragraph: "(void: conflicting rule)", "Status: repealed", markdown "*Status: void*". */
export function readStatusLine(line: string): string | undefined {
  const t = line.trim();
  let m = /^\((.+)\)$/.exec(t);
  if (m && !m[1]!.includes(')') && isStatusText(m[1]!)) return m[1]!.trim();
  m = /^(?:\*\*|\*|_)?Status:(?:\*\*|\*|_)?\s*(.+?)\s*(?:\*\*|\*|_)?$/i.exec(t);
  if (m && m[1]!.length > 0) return m[1]!;
  return undefined;
}

/** "History:" on its own line (also "**History:**", "History"). */
export function isHistoryMarker(line: string): boolean {
  return /^\s*(?:\*\*|__|\*|_)?History:?(?:\*\*|__|\*|_)?\s*$/i.test(line);
}

/** Strip a list bullet ("- ", "* ", "• ") from a history entry. */
export function stripBullet(line: string): string {
  return line.trim().replace(/^(?:[-*•]\s+)/, '');
}

/** Is this block of lines (without the brackets) a chronology? At least half its lines read as history. */
export function isChronology(lines: string[]): boolean {
  const nonBlank = lines.map((l) => l.trim()).filter((l) => l !== '');
  if (nonBlank.length === 0) return false;
  const hits = nonBlank.filter((l) => isHistoryLine(l) || HISTORY_START.test(l)).length;
  return HISTORY_START.test(nonBlank[0]!) && hits * 2 >= nonBlank.length;
}

// --- Agora's ruleset repository: one YAML file per rule with structured history ---

type Plain = Record<string, unknown>;

function agentText(agent: unknown): string {
  if (agent === null || agent === undefined) return '';
  if (typeof agent !== 'object') return String(agent);
  const a = agent as Plain;
  if (a.proposal !== undefined) return `P${String(a.proposal)}`;
  if (a.rule !== undefined) return `R${String(a.rule)}`;
  if (a.cleaning !== undefined) {
    const by = (a.cleaning as Plain | null)?.by;
    return by ? `cleaning (${String(by)})` : 'cleaning';
  }
  if (a.ratification !== undefined) return `ratification`;
  const [key, value] = Object.entries(a)[0] ?? ['', ''];
  if (value !== null && typeof value === 'object') {
    const by = (value as Plain).by;
    return by ? `${key} (${String(by)})` : key;
  }
  return value === undefined || value === '' ? key : `${key} ${String(value)}`;
}

function dateText(date: unknown): string {
  if (date instanceof Date) return date.toISOString().slice(0, 10);
  return date === null || date === undefined ? '' : String(date);
}

const VERBS: Record<string, string> = {
  amendment: 'Amended',
  enactment: 'Enacted',
  retitling: 'Retitled',
  renumbering: 'Renumbered',
  repeal: 'Repealed',
  'reenactment': 'Re-enacted',
  're-enactment': 'Re-enacted',
  infection: 'Infected',
  ratification: 'Ratified',
  'power-change': 'Power changed',
  mutation: 'Mutated',
};

/** One entry of an AgoraNomic/ruleset history list, written the way the FLR writes it. */
export function agoraHistoryEntry(entry: unknown): string {
  if (typeof entry === 'string') return entry;
  if (entry === null || typeof entry !== 'object') return String(entry);
  const e = entry as Plain;
  const change = (e.change ?? {}) as Plain;
  const type = String(change.type ?? 'change');
  const agent = agentText(e.agent);
  const date = dateText(e.date);
  let head: string;
  if (type === 'initial') {
    const mut = change.mutability ? `${String(change.mutability)} ` : '';
    head = `Initial ${mut}rule${change.id !== undefined ? ` ${String(change.id)}` : ''}`;
  } else if (type === 'power-change') {
    head = `Power changed from ${String(change['old-power'])} to ${String(change['new-power'])}`;
  } else if (type === 'mutation') {
    head = `Mutated from MI=${String(change['old-mi'])} to MI=${String(change['new-mi'])}`;
  } else if (type === 'retitling' && change['new-title'] !== undefined) {
    head = `Retitled to "${String(change['new-title'])}"`;
  } else {
    head = VERBS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  }
  const parts = [head];
  if (agent) parts.push(`by ${agent}`);
  let out = parts.join(' ');
  if (e.cosmetic === true) out += ' (cosmetic)';
  if (date) out += `, ${date}`;
  return out;
}

/** Agora annotations (CFJ summaries) as text lines. */
export function agoraAnnotations(list: unknown): string | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const out: string[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const a = (item ?? {}) as Plain;
    const cfjs = Array.isArray(a.cfjs) ? (a.cfjs as Plain[]) : [];
    const ids = cfjs.map((c) => {
      const called = dateText(c.called);
      return `CFJ ${String(c.id)}${called ? ` (called ${called})` : ''}`;
    });
    out.push(`${ids.join(', ')}${ids.length ? ': ' : ''}${String(a.text ?? '').replace(/\s+/g, ' ').trim()}`);
  }
  return out.join('\n');
}
