// The game state inside the sandbox during one input: every write goes through here, so it is
// recorded as an effect and can be undone back to any savepoint (an action's refusal, an
// `attempt` block, a fault).
import { applyEffect, cloneJson, rngNext } from '../state.js';
import type { Effect, GameObject, GameState, Json } from '../types.js';

export interface Mark {
  effects: number;
  undo: number;
}

export class World {
  effects: Effect[] = [];
  private undoLog: Array<() => void> = [];
  /** Bumped on every write to an object, and for all objects on a rollback: read caches check it. */
  private versions = new Map<string, number>();
  epoch = 0;

  versionOf(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  constructor(public state: GameState) {}

  mark(): Mark {
    return { effects: this.effects.length, undo: this.undoLog.length };
  }

  rollbackTo(mark: Mark): void {
    if (this.undoLog.length > mark.undo) this.epoch++;
    while (this.undoLog.length > mark.undo) this.undoLog.pop()!();
    this.effects.length = mark.effects;
  }

  /** Ends the transaction: the effects are what the host folds and logs. */
  commit(): Effect[] {
    const effects = this.effects;
    this.effects = [];
    this.undoLog = [];
    return effects;
  }

  rollbackAll(): void {
    this.rollbackTo({ effects: 0, undo: 0 });
    this.effects = [];
  }

  get(key: string): GameObject | undefined {
    return this.state.objects[key];
  }

  private apply(effect: Effect, undo: () => void): void {
    if ('key' in effect) this.versions.set(effect.key, this.versionOf(effect.key) + 1);
    else if (effect.op === 'replace') this.epoch++;
    applyEffect(this.state, effect);
    this.undoLog.push(undo);
    this.effects.push(effect);
  }

  private restoreObject(key: string, destroying = false): () => void {
    const before = this.state.objects[key];
    const copy = before === undefined ? undefined : cloneJson(before);
    // Keep the object's position in key order when a destroyed object is restored (creation
    // order matters); an object that is only changed keeps its place anyway.
    const order = destroying ? Object.keys(this.state.objects) : [];
    return () => {
      if (copy === undefined) {
        delete this.state.objects[key];
        return;
      }
      if (this.state.objects[key]) {
        this.state.objects[key] = copy;
        return;
      }
      const rebuilt: Record<string, GameObject> = {};
      for (const k of order) {
        if (k === key) rebuilt[k] = copy;
        else if (this.state.objects[k]) rebuilt[k] = this.state.objects[k]!;
      }
      for (const [k, v] of Object.entries(this.state.objects)) if (!(k in rebuilt)) rebuilt[k] = v;
      if (!(key in rebuilt)) rebuilt[key] = copy;
      this.state.objects = rebuilt;
    };
  }

  create(object: GameObject): void {
    const key = `${object.type}/${object.id}`;
    if (this.state.objects[key]) throw new Error(`${key} already exists`);
    this.apply({ op: 'create', key, object: cloneJson(object) }, () => {
      delete this.state.objects[key];
    });
  }

  destroy(key: string): void {
    if (!this.state.objects[key]) throw new Error(`${key} does not exist`);
    const undo = this.restoreObject(key, true);
    this.apply({ op: 'destroy', key }, undo);
  }

  set(key: string, attr: string, value: Json | undefined, extra: { secret?: string[] | null; attrOwner?: string | null } = {}): void {
    const obj = this.state.objects[key];
    if (!obj) throw new Error(`${key} does not exist`);
    // Writing what is already there is no change (settle checks rely on this to finish).
    if (extra.secret === undefined && extra.attrOwner === undefined &&
        JSON.stringify(obj.attrs[attr]) === JSON.stringify(value)) return;
    const undo = this.restoreObject(key);
    const effect: Effect = { op: 'set', key, attr };
    if (value !== undefined) effect.value = cloneJson(value);
    if (extra.secret !== undefined) effect.secret = extra.secret;
    if (extra.attrOwner !== undefined) effect.attrOwner = extra.attrOwner;
    this.apply(effect, undo);
  }

  own(key: string, owner: string | null): void {
    if (!this.state.objects[key]) throw new Error(`${key} does not exist`);
    this.apply({ op: 'own', key, owner }, this.restoreObject(key));
  }

  counter(name: string, value: number): void {
    const before = this.state.counters[name];
    this.apply({ op: 'counter', name, value }, () => {
      if (before === undefined) delete this.state.counters[name];
      else this.state.counters[name] = before;
    });
  }

  clock(now: number): void {
    const before = this.state.now;
    this.apply({ op: 'clock', now }, () => {
      this.state.now = before;
    });
  }

  /** Sets the random stream (a preview's own stream, or a re-run reusing its recorded draws). */
  setRng(next: [number, number, number, number]): void {
    const before = this.state.rng;
    this.apply({ op: 'rng', state: [...next] as [number, number, number, number] }, () => {
      this.state.rng = before;
    });
  }

  /** A draw from the game's seeded stream; the new stream state is an effect. */
  random(): number {
    const before = this.state.rng;
    const [value, next] = rngNext(before);
    this.apply({ op: 'rng', state: next }, () => {
      this.state.rng = before;
    });
    return value;
  }
}
