import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { presetDoc } from '../../src/engine/preset-doc.js';
import { presetNames } from '../../src/engine/presets.js';

describe('generated preset pages', () => {
  for (const name of presetNames()) {
    it(`docs/presets/${name}.md is current (run npm run docs)`, async () => {
      const page = await presetDoc(name);
      expect(page).toContain('## Actions');
      expect(page).toMatch(/\| `propose` \|/);
      expect(readFileSync(new URL(`../../docs/presets/${name}.md`, import.meta.url), 'utf8')).toBe(page);
    });
  }
});
