// Rule 4E57: The Field. The Field (`field/field`) is a grid of rows and columns, a torus unless the
// Current Field Match says otherwise; Field Objects (`field-object/ID`: owner, size, row, column,
// and what their Field Match gives them) occupy its squares. Two squares are adjacent when they
// border each other (`adjacent`, exported for Field Match code). There is a Ministry of Play (the
// Referee). What Field Objects do is carried by the Field Match's code (4E58); effects that would
// break the rules are void, as the rules' own checks refuse them.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const dfltSize = api.param('default size', { pattern: /is by default (\d+) x (\d+)/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const ensure = () => {
    if (!api.get('ministry/play')) api.create('ministry', { name: 'Ministry of Play', minister: 'Minister of Play', title: 'Referee', aliases: ['Play'], holder: null, mini: false, rule: '4E57', history: [] }, { id: 'play' });
    if (!api.get('field/field')) api.create('field', { rows: 0, columns: 0, torus: true, match: null, priority: [], requests: [], lastTurnRday: null }, { id: 'field' });
  };
  api.on('setup', ensure);
  api.settle(() => {
    ensure();
    for (const o of api.all('field-object', (o) => o.attrs.size === undefined)) api.set(o.key, 'size', dfltSize);
  });

  api.export('adjacent', (a: [number, number], b: [number, number]) => {
    const f = api.get('field/field')!.attrs;
    const rows = Number(f.rows);
    const cols = Number(f.columns);
    const torus = f.torus !== false;
    const d = (x: number, y: number, n: number) => {
      const raw = Math.abs(x - y);
      return torus && n > 0 ? Math.min(raw, n - raw) : raw;
    };
    return d(a[0], b[0], rows) + d(a[1], b[1], cols) === 1;
  });
}
