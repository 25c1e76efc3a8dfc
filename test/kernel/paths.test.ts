import { describe, expect, it } from 'vitest';
import { findObject, parsePath } from '../../src/kernel/paths.js';
import type { GameObject, GameState } from '../../src/kernel/types.js';

function stateOf(objects: GameObject[]): GameState {
  return { objects: Object.fromEntries(objects.map((o) => [`${o.type}/${o.id}`, o])) } as unknown as GameState;
}

describe('paths', () => {
  it('parses game attributes, object attributes (ids may hold dots) and bare objects', () => {
    expect(parsePath('game.winner')).toEqual({ type: 'game', ref: 'game', attr: 'winner' });
    expect(parsePath('player/alice.points')).toEqual({ type: 'player', ref: 'alice', attr: 'points' });
    expect(parsePath('rule/291+1i.text')).toEqual({ type: 'rule', ref: '291+1i', attr: 'text' });
    expect(parsePath('proposal/#301')).toEqual({ type: 'proposal', ref: '#301' });
    expect(() => parsePath('nonsense')).toThrow(/not a path/);
  });

  it('finds rules by number, objects by id, "#N" by number, and a numeric ref no id holds by number', () => {
    const state = stateOf([
      { type: 'rule', id: 'r1', attrs: { number: '4E36' } },
      { type: 'rule', id: 'r2', attrs: { number: '' } },
      { type: 'proposal', id: '1', attrs: { number: 301 } },
      { type: 'proposal', id: '2', attrs: { number: null } },
    ]);
    expect(findObject(state, 'rule', '4E36')?.id).toBe('r1');
    expect(findObject(state, 'rule', 'r2')?.id).toBe('r2');
    expect(findObject(state, 'rule', 'r1')).toBeUndefined(); // a numbered rule is found by its number only
    expect(findObject(state, 'proposal', '#301')?.id).toBe('1');
    expect(findObject(state, 'proposal', '1')?.id).toBe('1');
    expect(findObject(state, 'proposal', '301')?.id).toBe('1');
    expect(findObject(state, 'proposal', '302')).toBeUndefined();
    expect(findObject(state, 'rule', '36')?.id).toBe('r1'); // B Nomic's era: 4E36
    expect(findObject(state, 'rule', '3')).toBeUndefined();
  });
});
