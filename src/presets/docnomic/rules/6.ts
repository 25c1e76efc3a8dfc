// Rule 6: Precedence. Explicit precedence first (a rule whose text says it "takes precedence over
// all other rules" comes before the rest); then the earlier Enactment Date (Rule 0: the date of the
// most recent amendment, else of enactment, else 7 Jun 2001 for a rule of Round 2's initial
// ruleset never amended since); then the lower number. Dates are calendar days (UTC). For imported
// rules the dates come from their history notes; for changes made in the game, from the game's own
// history (enactment, amendment, retitling and renumbering are all amendments, Rule 3). Each rule's
// Enactment Date is recorded on it as `enactmentDate`.
import type { RuleApi, RuleView } from '../../../kernel/rule-api.js';

const MONTHS: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };
const DAY = 86_400_000;
const ROUND_2_START = Date.UTC(2001, 5, 7);

/** The Enactment Date of a rule as a day number (days since 1970-01-01, UTC). */
function enactmentDay(rule: RuleView): number {
  let best = -Infinity;
  for (const h of (rule.attrs.history ?? []) as { kind?: string; note?: string; at?: number }[]) {
    if (h.kind === 'noted' && typeof h.note === 'string') {
      if (/initial rule for round 2/i.test(h.note)) best = Math.max(best, ROUND_2_START);
      // An amendment's date is the latest date its note gives (an acceptance dated before its
      // proposal, as in Rule 2's last note, is read as a slip of the pen).
      for (const m of h.note.matchAll(/(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{4})/gi)) {
        best = Math.max(best, Date.UTC(Number(m[3]), MONTHS[m[2]!.toLowerCase()]!, Number(m[1])));
      }
    } else if (['enacted', 'amended', 'retitled', 'renumbered'].includes(String(h.kind)) && typeof h.at === 'number') {
      best = Math.max(best, h.at);
    } else if (h.kind === 'imported' && best === -Infinity && typeof h.at === 'number') {
      best = h.at; // a rule imported without any chronology: its addition to this game
    }
  }
  if (typeof rule.attrs.enactedAt === 'number') best = Math.max(best, rule.attrs.enactedAt);
  return best === -Infinity ? 0 : Math.floor(best / DAY);
}

function iso(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

export default function (api: RuleApi) {
  const claimsPrecedence = (r: RuleView) => /takes precedence over all other rules/i.test(r.text);
  const days = new Map<string, number>();
  const dayOf = (r: RuleView) => {
    const key = `${r.id}:${((r.attrs.history ?? []) as unknown[]).length}:${r.attrs.enactedAt ?? ''}`;
    let d = days.get(key);
    if (d === undefined) days.set(key, (d = enactmentDay(r)));
    return d;
  };

  api.precedence((a, b) => {
    const ca = claimsPrecedence(a);
    const cb = claimsPrecedence(b);
    if (ca !== cb) return ca ? -1 : 1;
    return dayOf(a) - dayOf(b); // ties: the kernel's order, the lower number first
  });

  api.export('enactmentDate', (ref: string) => {
    const rule = api.rule(ref);
    return rule ? iso(enactmentDay(rule)) : null;
  });

  api.settle(() => {
    for (const rule of api.rules()) {
      const date = iso(dayOf(rule));
      if (rule.attrs.enactmentDate !== date) api.set(rule.key, 'enactmentDate', date);
    }
  });
}
