// The kernel's data model: game state, effects, inputs, outcomes and log entries.
// Everything here is plain JSON so it can cross the sandbox boundary, be stored and be hashed.
// The kernel knows "objects", "rules", "timers" and "persons"; it knows no players, votes or turns.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One game object. Its key in the state is `${type}/${id}`. */
export interface GameObject {
  type: string;
  id: string;
  attrs: JsonObject;
  /** The rule (by identity) that owns this object; it goes when that rule is repealed. */
  owner?: string;
  /** Attributes owned by a rule other than the object's owner (ownership is per attribute). */
  attrOwners?: Record<string, string>;
  /** Attributes only some persons may see: attribute -> persons allowed (empty = nobody). */
  secret?: Record<string, string[]>;
}

export interface GameState {
  /** Number of committed log entries folded into this state. */
  seq: number;
  /** The game clock (ms since epoch) as of the last input. */
  now: number;
  objects: Record<string, GameObject>;
  /** Per-type counters used to mint object ids ("proposal" -> 7). */
  counters: Record<string, number>;
  /** State of the game's seeded random stream (sfc32, four uint32). */
  rng: [number, number, number, number];
}

/** The only ways state changes. State is the fold of these over the log. */
export type Effect =
  | { op: 'create'; key: string; object: GameObject }
  | { op: 'destroy'; key: string }
  | { op: 'set'; key: string; attr: string; value?: Json; secret?: string[] | null; attrOwner?: string | null }
  | { op: 'own'; key: string; owner: string | null }
  | { op: 'counter'; name: string; value: number }
  | { op: 'rng'; state: [number, number, number, number] }
  | { op: 'clock'; now: number }
  /** A whole-state replacement (a rebase or an import); `state` omits seq. */
  | { op: 'replace'; state: Omit<GameState, 'seq'> };

/** Where an input came from: a web form, a chat channel, a mailing list, the clock. */
export interface Medium {
  channel?: string;
  messageId?: string;
  subject?: string;
  recipients?: string[];
  /** When the medium says it happened (ms since epoch). */
  timestamp?: number;
  edited?: boolean;
}

export type Input =
  | { kind: 'action'; at: number; person: string; action: string; args: JsonObject; as?: string; medium?: Medium }
  | { kind: 'message'; at: number; person: string; text: string; medium?: Medium }
  | { kind: 'edit'; at: number; person: string; messageId: string; text: string; medium?: Medium }
  | { kind: 'delete'; at: number; person: string; messageId: string; medium?: Medium }
  | { kind: 'timer'; at: number; timer: string }
  | { kind: 'setup'; at: number; data: JsonObject }
  | { kind: 'tick'; at: number }
  /** The emergency brake: switch a rule's code off (or on), worked from outside the rules. */
  | { kind: 'brake'; at: number; person: string; rule: string; on: boolean; reason: string; operator?: boolean; required?: string[] }
  /** A presence change (online, away) as a chat medium reports it. */
  | { kind: 'presence'; at: number; person: string; status: string; medium?: Medium }
  /**
   * Worked by the host when a rule asked for it: the state at instant `from` is patched with
   * `changes` and every later input re-run; the outcome is one `replace` effect.
   */
  | { kind: 'rebase'; at: number; from: number; changes: JsonObject[]; cause: string };

/** Host-only extras the kernel adds to an input before running it (never from people). */
export interface RunOptions {
  /** Draw from this random stream instead of the game's (previews, rebases reusing recorded draws). */
  rng?: [number, number, number, number];
}

export type OutcomeStatus = 'ok' | 'refused' | 'fault';

/** Something the rules said to people: a message, an announcement, a ballot. */
export interface Output {
  to: string[] | 'all';
  channel?: string;
  text: string;
  data?: Json;
}

/** A kernel event that happened during an input, with its cause (for the log and the feed). */
export interface Happening {
  event: string;
  payload: Json;
  rule?: string;
}

export interface Outcome {
  status: OutcomeStatus;
  /** Why it was refused or faulted, naming the rule when one is to blame. */
  message?: string;
  rule?: string;
  /** What the action returned (the id of a created proposal, say). */
  result?: Json;
  effects: Effect[];
  outputs: Output[];
  happenings: Happening[];
  /** Random draws made (for the log; the rng effect carries the state). */
  draws?: number[];
}

export interface LogEntry {
  seq: number;
  input: Input;
  outcome: Outcome;
  /** Hash of the state after this entry (sha256 hex of canonical JSON), for replay --verify. */
  hash: string;
}
