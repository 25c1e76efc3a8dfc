// What a mail says in the words list players used: "I submit the following proposal:", "I vote FOR 301", "send the ruleset"; the rest is a free message.
import type { JsonObject } from '../../kernel/types.js';

export type MailCommand =
  | { kind: 'action'; action: string; args: JsonObject; said: string }
  | { kind: 'report'; report: string; said: string }
  | { kind: 'link'; code: string };

/** The body without quoted replies and signature: only what the sender wrote now. */
export function cleanBody(text: string): string {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^-- ?$/.test(line)) break;
    if (/^On .{4,200} wrote:\s*$/.test(line) || /^-{2,}\s*Original Message\s*-{2,}/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    out.push(line.replace(/\s+$/, ''));
  }
  return out.join('\n').trim();
}

/** The subject without reply and list prefixes ("Re: [Nomic] Proposal: X" -> "Proposal: X"). */
export function baseSubject(subject: string | undefined): string {
  let s = (subject ?? '').trim();
  for (;;) {
    const next = s.replace(/^(?:re|fwd?|aw|sv)\s*:\s*/i, '').replace(/^\[[^\]]{1,60}\]\s*/, '');
    if (next === s) return s;
    s = next;
  }
}

const PROPOSAL = /^\s*I (?:hereby )?(?:submit|propose) the following proposal\s*:?[ \t]*/im;
const REPORTS = 'ruleset|flr|slr|tallies|votes|roster|players|status';

/** One line's command, if it is one. `actions` maps command words to the game's action names. */
function lineCommand(line: string, actions: Record<string, string>): MailCommand | undefined {
  const said = line.trim();
  let m: RegExpMatchArray | null;
  if ((m = said.match(/^I vote\s+(.+?)\s+(?:on\s+|for\s+)?(?:proposal\s+)?#?(\d+)\s*[.!]?$/i))) {
    return { kind: 'action', action: actions.vote ?? 'vote', args: { vote: m[1]!.replace(/^["“]|["”]$/g, ''), proposal: m[2]! }, said };
  }
  if ((m = said.match(/^I vote\s+(\S+?)\s*[.!]?$/i))) return { kind: 'action', action: actions.vote ?? 'vote', args: { vote: m[1]! }, said };
  if ((m = said.match(/^I (?:unendorse|withdraw my endorsement of)\s+(?:proposal\s+)?#?(\S+?)\s*[.!]?$/i))) {
    return { kind: 'action', action: actions.unendorse ?? 'unendorse', args: { proposal: m[1]! }, said };
  }
  if ((m = said.match(/^I endorse\s+(?:proposal\s+)?#?(\S+?)\s*[.!]?$/i))) return { kind: 'action', action: actions.endorse ?? 'endorse', args: { proposal: m[1]! }, said };
  if ((m = said.match(/^I withdraw\s+(?:my\s+)?(?:proposal\s+)?#?(\S+?)\s*[.!]?$/i))) return { kind: 'action', action: actions.withdraw ?? 'withdraw', args: { proposal: m[1]! }, said };
  if ((m = said.match(/^I (?:invoke judg(?:e)?ment|call for judg(?:e)?ment|raise a point of order)\s*(?:on|:)?\s*(.+)$/i))) {
    return { kind: 'action', action: actions.judgment ?? 'invoke-judgment', args: { question: m[1]!.trim() }, said };
  }
  if ((m = said.match(/^I perform\s+([a-z][a-z0-9-]*)\s*(\{.*\})?\s*[.!]?$/i))) {
    let args: JsonObject = {};
    if (m[2]) {
      try {
        const value = JSON.parse(m[2]) as unknown;
        if (value && typeof value === 'object' && !Array.isArray(value)) args = value as JsonObject;
      } catch {
        return { kind: 'action', action: m[1]!.toLowerCase(), args: { invalidArguments: m[2] }, said };
      }
    }
    return { kind: 'action', action: m[1]!.toLowerCase(), args, said };
  }
  if ((m = said.match(new RegExp(`^(?:please\\s+)?(?:send|report)\\s+(?:me\\s+|us\\s+)?(?:the\\s+)?(${REPORTS})\\b`, 'i')))) return { kind: 'report', report: m[1]!.toLowerCase(), said };
  if ((m = said.match(/^link\s+([0-9A-Za-z]{5}-?[0-9A-Za-z]{5})\s*$/i))) return { kind: 'link', code: m[1]! };
  return undefined;
}

/**
 * The commands in a mail, in order. A proposal takes the rest of the body after its opening line;
 * its title is the subject (without "Proposal:"). The subject line may hold one command too.
 */
export function parseCommands(subject: string | undefined, body: string, actions: Record<string, string> = {}): MailCommand[] {
  const commands: MailCommand[] = [];
  const base = baseSubject(subject);
  const fromSubject = lineCommand(base, actions);
  if (fromSubject && fromSubject.kind !== 'action') commands.push(fromSubject);
  const marker = PROPOSAL.exec(body);
  const head = marker ? body.slice(0, marker.index) : body;
  for (const line of head.split('\n')) {
    const c = lineCommand(line, actions);
    if (c) commands.push(c);
  }
  if (marker) {
    const text = body.slice(marker.index + marker[0].length).replace(/^\n+/, '').trim();
    const title = base.replace(/^proposal\s*[:#-]?\s*/i, '').trim();
    commands.push({ kind: 'action', action: actions.propose ?? 'propose', args: { text, ...(title ? { title } : {}) }, said: 'I submit the following proposal:' });
  }
  return commands;
}
