// Paths into game state, as the scenario format and `set` changes write them:
// `game.winner`, `player/alice.points`, `rule/4E36.text`, `proposal/#301.status`, `player/alice`.
// Pure: used by the sandboxed runtime and by the host alike.
import { GAME_KEY } from './state.js';
import type { GameObject, GameState } from './types.js';

export interface ParsedPath {
  /** "game", or the object's type. */
  type: string;
  /** The id, a rule number, or "#N" for an object by its `number` attribute. */
  ref: string;
  attr?: string;
}

export function parsePath(path: string): ParsedPath {
  if (path === 'game' || path.startsWith('game.')) {
    return { type: 'game', ref: 'game', attr: path.length > 4 ? path.slice(5) : undefined };
  }
  const slash = path.indexOf('/');
  if (slash < 0) throw new Error(`"${path}" is not a path: write TYPE/ID.ATTR or game.ATTR`);
  const type = path.slice(0, slash);
  const rest = path.slice(slash + 1);
  // Attribute names have no dots, ids may: the attribute is what follows the last dot.
  const dot = rest.lastIndexOf('.');
  if (dot < 0) return { type, ref: rest };
  return { type, ref: rest.slice(0, dot), attr: rest.slice(dot + 1) };
}

/** The object a path names: rules by number (then identity), "#N" by `number`, others by id (then a numeric ref by `number`). */
export function findObject(state: GameState, type: string, ref: string): GameObject | undefined {
  if (type === 'game') return state.objects[GAME_KEY];
  if (ref.startsWith('#')) {
    const n = ref.slice(1);
    return Object.values(state.objects).find((o) => o.type === type && o.attrs.number != null && String(o.attrs.number) === n);
  }
  if (type === 'rule') {
    const byNumber = Object.values(state.objects).find((o) => o.type === 'rule' && String(o.attrs.number) === ref);
    if (byNumber) return byNumber;
    // By identity only when the rule has no number of its own: a renumbered rule is not found
    // under its old number.
    const byId = state.objects[`rule/${ref}`];
    if (byId && (byId.attrs.number === '' || byId.attrs.number == null)) return byId;
    // B Nomic's era numbers: "rule/15" is 4E15 when exactly one rule of any era has that number.
    if (/^\d+$/.test(ref)) {
      const era = new RegExp(`^\\d+E${ref}$`);
      const eras = Object.values(state.objects).filter((o) => o.type === 'rule' && era.test(String(o.attrs.number)));
      if (eras.length === 1) return eras[0];
    }
    return undefined;
  }
  const byId = state.objects[`${type}/${ref}`];
  if (byId || !/^\d+$/.test(ref)) return byId;
  // "proposal/301" where no proposal has the id 301: people mean the one numbered 301.
  return Object.values(state.objects).find((o) => o.type === type && o.attrs.number != null && String(o.attrs.number) === ref);
}
