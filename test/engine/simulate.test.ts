import { describe, expect, it } from 'vitest';
import { simulateNomicV } from '../../src/engine/simulate.js';

describe('a simulated Nomic V game', () => {
  it('plays 30 turns with 10 players and replays to the same effects and state', async () => {
    const result = await simulateNomicV({ players: 10, turns: 30, seed: 3 });
    try {
      expect(result.turns).toBe(30);
      expect(result.adopted).toBeGreaterThan(3);
      expect(result.rejected).toBeGreaterThan(0);
      const game = await result.service.get(result.gameId);
      // Adopted proposals enacted rules numbered by their proposals (Rule 107).
      const enacted = Object.values(game.state.objects).filter((o) => o.type === 'rule' && Number(o.attrs.number) >= 301);
      expect(enacted.length).toBe(result.adopted - Object.values(game.state.objects).filter((o) => o.type === 'proposal' && o.attrs.status === 'adopted' && o.attrs.applied !== true).length);
      const report = await result.service.verify(result.gameId);
      expect(report.mismatch).toBeUndefined();
      expect(report.entries).toBe(result.entries);
    } finally {
      await result.service.close();
    }
  });
});
