// Rule 1008: Nomic Dock Topology. The Map (`map/nomic-dock`) is a square of 4x4 tiles, each a
// Warehouse numbered 1 to 16 (`warehouse/1` ... `warehouse/16`, read row by row: `row`, `col`);
// the Waters reach three sides and the fourth connects to the Inland. (The published picture
// showing which side is the Inland did not survive in the ruleset; the Map does not record it.)
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const size = api.param('size', { pattern: /square\s+of\s+(\d+)x(\d+)\s+tiles/, parse: (m) => [Number(m[1]), Number(m[2])] as [number, number] });
  const [rows, cols] = size;

  const draw = () => {
    if (!api.get('map/nomic-dock')) api.create('map', { rows, cols, tiles: rows * cols, watersSides: 3, inlandSides: 1 }, { id: 'nomic-dock' });
    for (let n = 1; n <= rows * cols; n++) {
      if (!api.get('warehouse/' + n)) api.create('warehouse', { tile: n, row: Math.ceil(n / cols), col: ((n - 1) % cols) + 1, company: null }, { id: String(n) });
    }
  };
  api.on('setup', draw);
  api.settle(draw);

  api.export('tiles', () => rows * cols);
}
