// What a person may see of a game, shaped for the API: log entries without secret values, the
// ruleset with each rule's history and whether code or people enforce it, objects of one type.
import { viewFor } from '../engine/games.js';
import { getPreset } from '../engine/presets.js';
import { applyEffects, compareRuleNumbers, emptyState } from '../kernel/state.js';
import type { EventStore } from '../kernel/store.js';
import type { Effect, GameObject, GameState, Json, JsonObject, LogEntry } from '../kernel/types.js';

function allowed(list: string[] | undefined | null, person: string | undefined): boolean {
  return list === undefined || list === null || (person !== undefined && list.includes(person));
}

function hideObject(object: GameObject, person: string | undefined): GameObject {
  if (!object.secret) return object;
  const attrs: JsonObject = { ...object.attrs };
  for (const [attr, who] of Object.entries(object.secret)) if (!allowed(who, person)) attrs[attr] = null;
  const { secret: _secret, ...rest } = object;
  return { ...rest, attrs };
}

/** One effect as a person may see it; `hidden` says a secret value was left out. */
function viewEffect(effect: Effect, person: string | undefined, state: GameState | undefined): { effect: JsonObject; hidden: boolean } {
  switch (effect.op) {
    case 'set': {
      const secretNow = state?.objects[effect.key]?.secret?.[effect.attr];
      const who = effect.secret ?? secretNow;
      const { secret: _s, ...rest } = effect;
      if (!allowed(who, person)) return { effect: { ...rest, value: null, hidden: true } as unknown as JsonObject, hidden: true };
      return { effect: { ...rest, ...(who ? { secret: true } : {}) } as unknown as JsonObject, hidden: false };
    }
    case 'create': {
      const object = hideObject(effect.object, person);
      return { effect: { ...effect, object } as unknown as JsonObject, hidden: object !== effect.object };
    }
    case 'replace': {
      const objects = viewFor({ ...effect.state, seq: 0 }, person);
      return { effect: { op: 'replace', state: { ...effect.state, objects } } as unknown as JsonObject, hidden: true };
    }
    default:
      return { effect: effect as unknown as JsonObject, hidden: false };
  }
}

/**
 * A log entry as a person may see it: secret values hidden, messages to others left out, and the
 * arguments of an input whose effects are secret from them (a secret ballot) hidden too.
 */
export function viewEntry(entry: LogEntry, person: string | undefined, state?: GameState): JsonObject {
  let hiddenAny = false;
  const effects = entry.outcome.effects.map((e) => {
    const v = viewEffect(e, person, state);
    if (v.hidden) hiddenAny = true;
    return v.effect;
  });
  const outputs = entry.outcome.outputs.filter((o) => o.to === 'all' || (person !== undefined && o.to.includes(person)));
  let input = entry.input as unknown as JsonObject;
  const actor = 'person' in entry.input ? entry.input.person : undefined;
  if (hiddenAny && entry.input.kind === 'action' && actor !== person) input = { ...input, args: {}, argsHidden: true };
  const { draws: _draws, ...outcome } = entry.outcome;
  return { seq: entry.seq, input, outcome: { ...outcome, effects, outputs } as unknown as JsonObject, hash: entry.hash };
}

/** A short line saying what an entry was, for lists. */
export function describeInput(entry: LogEntry): string {
  const i = entry.input;
  switch (i.kind) {
    case 'action': return `${i.person}${i.as ? ` as ${i.as}` : ''}: ${i.action}`;
    case 'message': return `${i.person} said${i.medium?.channel ? ` in ${i.medium.channel}` : ''}`;
    case 'timer': return `timer ${i.timer}`;
    case 'setup': return 'the game began';
    case 'brake': return `${i.person} ${i.on ? 'switched off' : 'switched on'} rule ${i.rule}'s code`;
    default: return i.kind;
  }
}

export interface RuleView {
  id: string;
  number: string;
  title: string;
  text: string;
  mutable: boolean | null;
  power: Json;
  /** Code that runs: the rule is enforced by the engine. */
  mechanized: boolean;
  /** Why the rule is enforced by people (no code, code switched off, text no longer matches the code). */
  enforcedByPeople: string | null;
  code: string | null;
  history: Json[];
  attrs: JsonObject;
  repealed: boolean;
}

const RULE_ATTRS = new Set(['number', 'title', 'text', 'mutable', 'power', 'code', 'history', 'inert', 'codeOutOfDate']);

export function ruleView(rule: GameObject, presetReasons: Record<string, string>, repealed = false): RuleView {
  const a = rule.attrs;
  const number = String(a.number ?? rule.id);
  const code = typeof a.code === 'string' && a.code.trim() !== '' ? a.code : null;
  let enforcedByPeople: string | null = null;
  if (!code) enforcedByPeople = presetReasons[number] ?? 'this rule has no code: players and the Judge apply it';
  else if (a.inert === true) enforcedByPeople = 'its code is switched off (emergency brake): people enforce it';
  else if (a.codeOutOfDate === true) enforcedByPeople = 'its text no longer says what its code reads from it: people enforce it until the code is updated';
  const attrs: JsonObject = {};
  for (const [k, v] of Object.entries(a)) if (!RULE_ATTRS.has(k)) attrs[k] = v;
  return {
    id: rule.id, number, title: String(a.title ?? ''), text: String(a.text ?? ''),
    mutable: typeof a.mutable === 'boolean' ? a.mutable : null, power: a.power ?? null,
    mechanized: code !== null && enforcedByPeople === null, enforcedByPeople, code,
    history: Array.isArray(a.history) ? a.history : [], attrs, repealed,
  };
}

export function presetReasons(preset: Json | undefined): Record<string, string> {
  if (typeof preset !== 'string') return {};
  try {
    return getPreset(preset).enforcedByPeople;
  } catch {
    return {};
  }
}

/** The ruleset in a state: rules in number order, then repealed ones. */
export function rulesetView(state: GameState, preset: Json | undefined): { rules: RuleView[]; repealed: RuleView[] } {
  const reasons = presetReasons(preset);
  const byNumber = (x: RuleView, y: RuleView) => compareRuleNumbers(x.number, y.number);
  const objects = Object.values(state.objects);
  return {
    rules: objects.filter((o) => o.type === 'rule').map((o) => ruleView(o, reasons)).sort(byNumber),
    repealed: objects.filter((o) => o.type === 'repealed-rule').map((o) => ruleView(o, reasons, true)).sort(byNumber),
  };
}

/** The state as it stood after entry `seq`, folded from the log. */
export async function stateAt(store: EventStore, id: string, meta: JsonObject, seq: number): Promise<GameState> {
  const state = emptyState(Number(meta.start), Number(meta.seed ?? 1));
  while (state.seq < seq) {
    const batch = await store.read(id, state.seq, Math.min(1000, seq - state.seq));
    if (batch.length === 0) break;
    for (const entry of batch) {
      applyEffects(state, entry.outcome.effects);
      state.seq = entry.seq;
    }
  }
  return state;
}

/** Objects of one type as a person may see them, in creation order. */
export function objectsOfTypeFor(state: GameState, type: string, person: string | undefined): JsonObject[] {
  const out: JsonObject[] = [];
  for (const obj of Object.values(state.objects)) {
    if (obj.type !== type) continue;
    const seen = hideObject(obj, person);
    out.push({ ...seen.attrs, id: seen.id, key: `${seen.type}/${seen.id}`, ...(obj.secret ? { secretAttrs: Object.keys(obj.secret) } : {}) });
  }
  return out;
}

export interface ScoreSeries {
  /** Numeric player attributes (points, gold, ...) -> one point per entry that changed any. */
  series: Record<string, { seq: number; at: number; values: Record<string, number> }[]>;
}

interface ScoreCache {
  state: GameState;
  series: ScoreSeries['series'];
  /** Which players' attributes were secret to someone when recorded (those points are dropped). */
  secret: Set<string>;
}

const scoreCaches = new Map<string, ScoreCache>();
const MAX_POINTS = 400;

/**
 * Every numeric attribute of players over time, folded from the log (incrementally: a cache per
 * game keeps the folded state). Attributes that are secret at any point are left out entirely.
 */
export async function scoreSeries(store: EventStore, id: string, meta: JsonObject, upTo: number): Promise<ScoreSeries> {
  let cache = scoreCaches.get(id);
  if (!cache || cache.state.seq > upTo) {
    cache = { state: emptyState(Number(meta.start), Number(meta.seed ?? 1)), series: {}, secret: new Set() };
    scoreCaches.set(id, cache);
  }
  const { state, series, secret } = cache;
  while (state.seq < upTo) {
    const batch = await store.read(id, state.seq, Math.min(1000, upTo - state.seq));
    if (batch.length === 0) break;
    for (const entry of batch) {
      applyEffects(state, entry.outcome.effects);
      state.seq = entry.seq;
      const touched = new Set<string>();
      for (const e of entry.outcome.effects) {
        if ((e.op === 'set' || e.op === 'create') && e.key.startsWith('player/')) {
          if (e.op === 'set' && typeof e.value === 'number') touched.add(e.attr);
          if (e.op === 'create') for (const [k, v] of Object.entries(e.object.attrs)) if (typeof v === 'number') touched.add(k);
        }
      }
      if (touched.size === 0) continue;
      for (const attr of touched) {
        const values: Record<string, number> = {};
        for (const obj of Object.values(state.objects)) {
          if (obj.type !== 'player') continue;
          if (obj.secret?.[attr]) secret.add(attr);
          const v = obj.attrs[attr];
          if (typeof v === 'number' && !/At$|Since$/.test(attr)) values[obj.id] = v;
        }
        if (Object.keys(values).length === 0) continue;
        const points = (series[attr] ??= []);
        points.push({ seq: entry.seq, at: state.now, values });
        if (points.length > MAX_POINTS) points.splice(1, 1);
      }
    }
  }
  const out: ScoreSeries['series'] = {};
  for (const [attr, points] of Object.entries(series)) if (!secret.has(attr)) out[attr] = points;
  return { series: out };
}
