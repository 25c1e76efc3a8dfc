// Rule 4E11: Attributes. A rule defines an attribute by a Name, a Scope, a Range and a Default
// Value; here each definition is a game object `attribute/TYPE.NAME` that the defining rule keeps
// (so it goes when that rule is repealed, leaving the values). This rule gives every object in
// scope the Default Value, refuses any write outside the Range (or, where the defining rule says a
// value "cannot be less than" a bound, holds it at the bound), and enforces List Attributes:
// Articles from the Range, between MinLength (default 0) and MaxLength (default 999) of them.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

type Range =
  | { kind: 'int' | 'number'; min?: number; max?: number }
  | { kind: 'enum'; values: string[] }
  | { kind: 'pattern'; pattern: string }
  | { kind: 'string'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'list'; of?: 'player' | string[]; unique?: boolean };

export default function (api: RuleApi) {
  const [minDefault, maxDefault] = api.param('list lengths', { pattern: /default values of (\d+) and (\d+), respectively/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const players = () => api.all('player').length;

  /** Why a value is outside a range, or null; `clamped` is the value held at the bound instead. */
  const judge = (range: Range, value: Json, def: Record<string, Json>): { error: string | null; clamped?: Json } => {
    switch (range.kind) {
      case 'int':
      case 'number': {
        if (typeof value !== 'number' || Number.isNaN(value) || (range.kind === 'int' && !Number.isInteger(value))) return { error: `must be ${range.kind === 'int' ? 'an integer' : 'a number'}` };
        const lo = range.min ?? -Infinity;
        const hi = range.max ?? Infinity;
        if (value >= lo && value <= hi) return { error: null };
        return { error: `must be between ${lo} and ${hi}`, ...(def.clamp === true ? { clamped: Math.min(hi, Math.max(lo, value)) } : {}) };
      }
      case 'enum':
        return { error: range.values.includes(String(value)) ? null : `must be one of ${range.values.join(', ')}` };
      case 'pattern':
        return { error: typeof value === 'string' && new RegExp(range.pattern).test(value) ? null : `must match ${range.pattern}` };
      case 'string': {
        const n = typeof value === 'string' ? value.length : -1;
        return { error: n >= (range.min ?? 0) && n <= (range.max ?? Infinity) ? null : `must be a string of ${range.min ?? 0} to ${range.max ?? 'any number of'} characters` };
      }
      case 'boolean':
        return { error: typeof value === 'boolean' ? null : 'is a Property: True or False' };
      case 'list': {
        if (!Array.isArray(value)) return { error: 'is a List Attribute: a list of Articles' };
        const min = Number(def.minLength ?? minDefault);
        const max = def.maxLength === 'players' ? players() : Number(def.maxLength ?? maxDefault);
        if (value.length < min || value.length > max) return { error: `must hold between ${min} and ${max} Articles` };
        if (range.unique && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return { error: 'may not hold two identical Articles' };
        if (range.of === 'player' && value.some((v) => !api.get('player/' + String(v)))) return { error: 'Articles must be Players' };
        if (Array.isArray(range.of) && value.some((v) => !(range.of as string[]).includes(String(v)))) return { error: `Articles must be one of ${range.of.join(', ')}` };
        return { error: null };
      }
    }
    return { error: null };
  };

  api.before('set', (w) => {
    if (w.attr === null || w.value === null || w.value === undefined) return undefined;
    const type = w.key.slice(0, w.key.indexOf('/'));
    const def = api.get(`attribute/${type}.${w.attr}`);
    if (!def || !def.attrs.range) return undefined;
    const verdict = judge(def.attrs.range as Range, w.value, def.attrs as Record<string, Json>);
    if (verdict.error === null) return undefined;
    if (verdict.clamped !== undefined) return { value: verdict.clamped };
    return `Rule 4E11: ${def.attrs.name} ${verdict.error} (Rule ${def.attrs.rule}); ${JSON.stringify(w.value)} is outside its Range`;
  });

  // Every object in an attribute's Scope has it, with the Default Value when it gains it.
  api.settle(() => {
    for (const def of api.all('attribute')) {
      const a = def.attrs as Record<string, Json>;
      if (a.default === undefined) continue;
      for (const obj of api.all(String(a.type))) {
        if (obj.attrs[String(a.name)] === undefined) api.set(obj.key, String(a.name), a.default);
      }
    }
  });
  api.export('applyDefaults', (key: string) => {
    const type = key.slice(0, key.indexOf('/'));
    for (const def of api.all('attribute', (d) => d.attrs.type === type)) {
      const obj = api.get(key);
      if (obj && obj.attrs[String(def.attrs.name)] === undefined && def.attrs.default !== undefined) api.set(key, String(def.attrs.name), def.attrs.default);
    }
  });
}
