// Writes the generated documentation pages (one per preset) into docs/presets/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { presetDoc } from '../src/engine/preset-doc.js';
import { presetNames } from '../src/engine/presets.js';

mkdirSync('docs/presets', { recursive: true });
for (const name of presetNames()) {
  writeFileSync(`docs/presets/${name}.md`, await presetDoc(name));
  console.log(`docs/presets/${name}.md`);
}
