// Rule 4E31: Calendar. Each nday has a name (read from this rule's list) and two ndays of each nyear
// are holidays; the Clock shows both (`clock/clock.ndayName`, `clock/clock.holiday`).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const names = api.param('nday names', {
    pattern: /((?:nday \d+ = [^\n]+\n?)+)/,
    parse: (m) => Object.fromEntries([...m[1]!.matchAll(/nday (\d+) = ([^\n]+)/g)].map((x) => [Number(x[1]), x[2]!.trim()])) as Record<number, string>,
  });
  const holidays = api.param('holidays', {
    pattern: /(\w+) of the (\d)\w\w nweek of an nyear is known as "([^"]+)"[\s\S]*?(\w+) of the (\d)\w\w nweek of an nyear is known as "([^"]+)"/,
    parse: (m) => [{ day: m[1]!, week: Number(m[2]), name: m[3]! }, { day: m[4]!, week: Number(m[5]), name: m[6]! }],
  });
  const nyearLength = (api.imported('4E14', 'nweeksInNyear') as number | undefined) ?? 10;
  const show = () => {
    const c = api.get('clock/clock');
    if (!c) return;
    const nday = Number(c.attrs.nday);
    const nweek = Number(c.attrs.nweek);
    const name = names[nday] ?? null;
    const weekOfYear = ((nweek - 1) % nyearLength) + 1;
    const holiday = holidays.find((h) => h.day === name && h.week === weekOfYear)?.name ?? null;
    if (c.attrs.ndayName !== name || c.attrs.holiday !== holiday) api.update(c.key, { ndayName: name, holiday });
  };
  api.on('nday-begins', show);
  api.settle(show);
  api.export('ndayName', (n: number) => names[n] ?? null);
}
