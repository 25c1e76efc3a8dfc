// The presets a game can start from, by name.
import { bNomic } from '../presets/bnomic/index.js';
import { docNomic } from '../presets/docnomic/index.js';
import { gnomic } from '../presets/gnomic/index.js';
import { nomicI } from '../presets/nomic-i/index.js';
import { nomicV } from '../presets/nomic-v/index.js';
import { loadPreset, type LoadedPreset, type PresetDefinition } from './preset.js';

const definitions: PresetDefinition[] = [nomicI, nomicV, gnomic, docNomic, bNomic];

export function presetNames(): string[] {
  return definitions.map((d) => d.name);
}

export function getPreset(name: string): LoadedPreset {
  const definition = definitions.find((d) => d.name === name);
  if (!definition) throw new Error(`there is no preset "${name}"; the presets are ${presetNames().join(', ')}`);
  return loadPreset(definition);
}
