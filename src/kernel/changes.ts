// Change sets: one typed, serialisable list of operations on a game. A proposal's body, a
// proclamation, a judgment's corrections are all change sets. The first group is the
// rule-changes of docs/SCENARIOS.md; the rest act on game state.
import type { Json, JsonObject } from './types.js';

export interface Replacement {
  from: string;
  to: string;
}

export type Change =
  | { enact: { number?: string; title?: string; text: string; mutable?: boolean; power?: number; code?: string; attrs?: JsonObject } }
  | { amend: { rule: string; text?: string; replace?: Replacement[]; append?: string; insert?: { text: string; after?: string; before?: string }; code?: string | null } }
  | { repeal: { rule: string } }
  | { transmute: { rule: string; mutable?: boolean } }
  | { retitle: { rule: string; title: string } }
  | { renumber: { rule: string; number: string } }
  /** Set a rule attribute (`rule` + `attribute`) or any game path (`path`, e.g. "player/alice.gold"). */
  | { set: { rule?: string; attribute?: string; path?: string; value: Json } }
  | { create: { type: string; id?: string; attrs?: JsonObject } }
  | { destroy: { path: string } }
  /** Perform an action as an agent, through the same legality checks as a person's input. */
  | { perform: { action: string; as: string; args?: JsonObject } }
  /** Fails the whole change set unless the path holds the value. */
  | { assert: { path: string; equals: Json } }
  /** One-shot rule code: a module whose default export is called once with the rule API. */
  | { run: { code: string } }
  /** Text people must apply by hand: what the proposal parser could not turn into operations. */
  | { manual: { text: string; reason?: string } };

export type ChangeSet = Change[];

export const CHANGE_KINDS = [
  'enact', 'amend', 'repeal', 'transmute', 'retitle', 'renumber', 'set',
  'create', 'destroy', 'perform', 'assert', 'run', 'manual',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export function changeKind(change: Change): ChangeKind {
  return Object.keys(change)[0] as ChangeKind;
}

/** A rule-change in the sense of the seed rulesets (the operations that touch rules). */
export function isRuleChange(change: Change): boolean {
  const kind = changeKind(change);
  return ['enact', 'amend', 'repeal', 'transmute', 'retitle', 'renumber'].includes(kind) ||
    (kind === 'set' && (change as { set: { rule?: string } }).set.rule !== undefined);
}
