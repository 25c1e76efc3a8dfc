// Generates a preset's one-page reference from the preset itself: its actions with their
// arguments (from the rules' code), the objects and attributes it keeps, which rules are
// mechanized and which are left to people, and why.
import { MemoryEventStore } from '../storage/memory-store.js';
import type { GameObject, Json } from '../kernel/types.js';
import { GameService } from './games.js';
import { getPreset } from './presets.js';

const START = Date.UTC(2026, 0, 5);

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value;
}

export async function presetDoc(name: string): Promise<string> {
  const preset = getPreset(name);
  const service = new GameService(new MemoryEventStore(), {}, () => START);
  try {
    const { game } = await service.create({ id: 'doc', preset: name, start: START, players: ['alice', 'bob'], roles: { moderator: ['mod'] } });
    const catalog = await game.catalog();
    const lines: string[] = [];
    lines.push(`# Preset \`${preset.name}\`: ${preset.title}`, '', preset.description, '');
    lines.push(`Generated from the preset by \`npm run docs\`; do not edit by hand. Rule texts come from \`seeds/${preset.seedFile}\`.`, '');
    lines.push('## Actions', '', '| action | arguments | rule | what it does |', '|---|---|---|---|');
    for (const entry of catalog) {
      for (const action of entry.actions) {
        const args = Object.entries(action.args).map(([k, t]) => `\`${k}\`: ${t}`).join(', ') || '—';
        lines.push(`| \`${action.name}\` | ${args} | ${entry.rule} | ${action.describe.replace(/\|/g, '\\|')} |`);
      }
    }
    lines.push('', 'A `?` after a type marks an optional argument. Checks other rules add to actions:', '');
    for (const entry of catalog) if (entry.checks.length) lines.push(`- Rule ${entry.rule} checks: ${entry.checks.map((c) => `\`${c}\``).join(', ')}`);
    lines.push('', '## Objects and attributes', '', 'As they stand after a game starts with two players (other attributes appear as play goes on).', '');
    const byType = new Map<string, GameObject[]>();
    for (const obj of Object.values(game.state.objects)) byType.set(obj.type, [...(byType.get(obj.type) ?? []), obj]);
    for (const [type, objs] of byType) {
      const attrs = new Map<string, string>();
      for (const o of objs) for (const [k, v] of Object.entries(o.attrs)) if (!attrs.has(k)) attrs.set(k, typeOf(v));
      lines.push(`- \`${type}\` (${objs.length}): ${[...attrs].map(([k, t]) => `\`${k}\` (${t})`).join(', ')}`);
    }
    lines.push('', '## Rules', '', '| rule | mechanized | what its code does, or why people enforce it |', '|---|---|---|');
    for (const rule of preset.rules) {
      const entry = catalog.find((c) => c.rule === rule.number);
      const what = entry
        ? [
            entry.actions.length ? `actions ${entry.actions.map((a) => `\`${a.name}\``).join(', ')}` : '',
            entry.checks.length ? `checks ${entry.checks.map((c) => `\`${c}\``).join(', ')}` : '',
            entry.events.length ? `handles ${entry.events.map((e) => `\`${e}\``).join(', ')}` : '',
            entry.exports.length ? `exports ${entry.exports.map((e) => `\`${e}\``).join(', ')}` : '',
            entry.settles ? 'checks the state after every input' : '',
            entry.precedence ? 'orders rules by precedence' : '',
          ].filter(Boolean).join('; ')
        : preset.enforcedByPeople[rule.number] ?? 'enforced by people';
      lines.push(`| ${rule.number}${rule.title ? ` ${rule.title}` : ''} | ${entry ? 'yes' : 'no'} | ${what} |`);
    }
    if (preset.readings?.length) {
      lines.push('', '## Readings of ambiguous text', '', ...preset.readings.map((r) => `- ${r}`));
    }
    return `${lines.join('\n')}\n`;
  } finally {
    await service.close();
  }
}
