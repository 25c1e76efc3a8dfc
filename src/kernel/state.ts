// State as a fold of effects. Pure and dependency-free: the same code runs on the host and inside
// the rule sandbox, so both sides fold identically.
import type { Effect, GameObject, GameState, Json } from './types.js';

export const GAME_KEY = 'game/game';

export function emptyState(now: number, seed: number): GameState {
  const state: GameState = { seq: 0, now, objects: {}, counters: {}, rng: seedRng(seed) };
  state.objects[GAME_KEY] = { type: 'game', id: 'game', attrs: { winner: null } };
  return state;
}

/** sfc32 seeded through splitmix32, so seeds 1, 2, 3 give unrelated streams. */
export function seedRng(seed: number): [number, number, number, number] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  return [next(), next(), next(), next()];
}

/** One sfc32 step: returns [value in [0,1), next state]. */
export function rngNext(st: readonly [number, number, number, number]): [number, [number, number, number, number]] {
  let [a, b, c, d] = st;
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = ((c << 21) | (c >>> 11)) >>> 0;
  c = (c + t) >>> 0;
  return [t / 4294967296, [a >>> 0, b >>> 0, c >>> 0, d >>> 0]];
}

export function objectKey(type: string, id: string): string {
  return `${type}/${id}`;
}

export function splitKey(key: string): [string, string] {
  const i = key.indexOf('/');
  return i < 0 ? [key, ''] : [key.slice(0, i), key.slice(i + 1)];
}

export function cloneJson<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

/** Applies one effect in place. Unknown keys are an error: the log must fold exactly. */
export function applyEffect(state: GameState, effect: Effect): void {
  // Keys come from logs that may have been imported: never let one reach an object's prototype.
  if (('key' in effect && effect.key === '__proto__') || (effect.op === 'set' && effect.attr === '__proto__')) {
    throw new Error('fold: "__proto__" cannot be a key or an attribute');
  }
  switch (effect.op) {
    case 'create':
      if (state.objects[effect.key]) throw new Error(`fold: ${effect.key} already exists`);
      state.objects[effect.key] = cloneJson(effect.object);
      return;
    case 'destroy':
      if (!state.objects[effect.key]) throw new Error(`fold: ${effect.key} does not exist`);
      delete state.objects[effect.key];
      return;
    case 'set': {
      const obj = state.objects[effect.key];
      if (!obj) throw new Error(`fold: ${effect.key} does not exist`);
      if (effect.value === undefined) delete obj.attrs[effect.attr];
      else obj.attrs[effect.attr] = cloneJson(effect.value) as Json;
      if (effect.secret !== undefined) {
        if (effect.secret === null) {
          if (obj.secret) {
            delete obj.secret[effect.attr];
            if (Object.keys(obj.secret).length === 0) delete obj.secret;
          }
        } else {
          obj.secret = obj.secret ?? {};
          obj.secret[effect.attr] = [...effect.secret];
        }
      }
      if (effect.attrOwner !== undefined) {
        if (effect.attrOwner === null) {
          if (obj.attrOwners) {
            delete obj.attrOwners[effect.attr];
            if (Object.keys(obj.attrOwners).length === 0) delete obj.attrOwners;
          }
        } else {
          obj.attrOwners = obj.attrOwners ?? {};
          obj.attrOwners[effect.attr] = effect.attrOwner;
        }
      }
      return;
    }
    case 'own': {
      const obj = state.objects[effect.key];
      if (!obj) throw new Error(`fold: ${effect.key} does not exist`);
      if (effect.owner === null) delete obj.owner;
      else obj.owner = effect.owner;
      return;
    }
    case 'counter':
      state.counters[effect.name] = effect.value;
      return;
    case 'rng':
      state.rng = [...effect.state] as [number, number, number, number];
      return;
    case 'clock':
      state.now = effect.now;
      return;
    case 'replace': {
      const seq = state.seq;
      Object.assign(state, cloneJson(effect.state));
      state.seq = seq;
      return;
    }
  }
}

export function applyEffects(state: GameState, effects: readonly Effect[]): GameState {
  for (const effect of effects) applyEffect(state, effect);
  return state;
}

/** JSON with object keys sorted, so equal states serialise to equal strings. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value as object).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** Objects of one type, in creation order (ids minted by counters sort by number). */
export function objectsOfType(state: GameState, type: string): GameObject[] {
  const prefix = `${type}/`;
  return Object.entries(state.objects)
    .filter(([key]) => key.startsWith(prefix))
    .map(([, obj]) => obj);
}

/** Natural order for rule numbers: "4E9" < "4E10", "101" < "1000", "291+1i" after "291". */
export function compareRuleNumbers(a: string, b: string): number {
  const ta = a.match(/\d+|\D+/g) ?? [];
  const tb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return ta.length - tb.length;
}
