// Rule 212: Judgment.
// - `invoke-judgment` (also `invoke-judgement`, Rule 373's spelling): any player insists on a
//   question (about the legality of a move or the meaning of a rule). The Judge is the player preceding, in the playing order, the player whose turn it is;
//   nobody judges during their own turn. Until the next turn begins one Judge settles every question:
//   later invocations in the turn go to the sitting Judge.
// - `judge`: the Judge decides (`ruling`; `agree` says whether the invoker is right, for Rule 373;
//   `corrections`, changes to the game the ruling makes, such as setting a rule's `void` attribute;
//   `undecidable`: the move appears equally legal and illegal, Rule 213; `precedent`: how Rule 327
//   records the decision).
// - `overrule`: the other players overrule a Judgment by a unanimous vote before the next turn
//   begins; the player preceding the Judge (skipping the player whose turn it is, and anyone who
//   already judged the question) becomes the new Judge for the question.
// - `consent-next-turn`: once Judgment was invoked in a turn, the next player begins only with the
//   consent of a majority of the other players (Rule 325 asks `consentNeeded`).
import type { ActionSpec, ObjectView, RuleApi } from '../../../kernel/rule-api.js';
import type { Json, JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs;
  const inGame = (id: string) => {
    const p = api.get('player/' + id);
    return p !== undefined && p.attrs.left !== true;
  };
  const order = (): string[] =>
    typeof api.imported('325', 'order') === 'function'
      ? api.call<string[]>('325', 'order')
      : api.all('player', (p) => p.attrs.left !== true).sort((a, b) => (String(a.attrs.name).toLowerCase() < String(b.attrs.name).toLowerCase() ? -1 : 1)).map((p) => p.id);
  const next = (): string | null => (typeof api.imported('325', 'next') === 'function' ? api.call<string | null>('325', 'next') : null);
  /** The player before `id` in the playing order (wrapping), or null if there is none. */
  const preceding = (id: string | null): string | null => {
    const o = order();
    if (o.length === 0) return null;
    const i = id === null ? -1 : o.indexOf(id);
    if (i >= 0) return o[(i - 1 + o.length) % o.length]!;
    // a player who left: the one before where their name would be
    const name = String(api.get('player/' + id)?.attrs.name ?? id ?? '').toLowerCase();
    const before = o.filter((p) => String(api.get('player/' + p)!.attrs.name).toLowerCase() < name);
    return before.length ? before[before.length - 1]! : o[o.length - 1]!;
  };
  /** The next Judge going back from `from`: never the player whose turn it is, nor a previous Judge. */
  const judgeBefore = (from: string | null, excluded: string[]): string | null => {
    let at = from;
    for (let i = 0; i <= order().length; i++) {
      at = preceding(at);
      if (at === null) return null;
      if (at !== game().turn && !excluded.includes(at)) return at;
    }
    return null;
  };
  const judgment = (ref: unknown) => api.get('judgment/' + String(ref));

  const open = (question: string, invoker: string, accuse: string | null, judge: string | null, previous: ObjectView | null) => {
    const judges = previous ? [...((previous.attrs.judges as string[]) ?? []), String(previous.attrs.judge)] : [];
    const j = api.create('judgment', {
      question, invoker, accuse, judge, status: 'open', ruling: null, turnNumber: (game().turnNumber ?? null) as Json,
      invokedAt: api.now(), previous: previous ? previous.id : null, judges, overruleVotes: [],
    }, { owner: null });
    api.message('all', judge ? `${judge} is the Judge for: ${question}` : `No player can be the Judge for: ${question}`);
    return j;
  };

  const invoke: ActionSpec = {
    describe: 'Insist on a disagreement about the legality of a move or the meaning of a rule: the Judge (the player preceding the one whose turn it is) decides. `accuse` names a player you accuse (Rule 373: invoking costs 20 points).',
    args: { question: 'string', accuse: 'string?' },
    legal(ctx) {
      if (!inGame(ctx.agent)) return 'only players may invoke Judgment';
      if (!String(ctx.args.question).trim()) return 'state the question';
      if (ctx.args.accuse != null && !inGame(String(ctx.args.accuse))) return `${ctx.args.accuse} is not a player`;
    },
    perform(ctx) {
      const g = game();
      const sitting = (g.turnJudge as string | null | undefined) ?? null;
      const judge = sitting && inGame(sitting) ? sitting : judgeBefore((g.turn as string | null) ?? null, []);
      const j = open(String(ctx.args.question), ctx.agent, (ctx.args.accuse as string | null) ?? null, judge, null);
      api.update('game/game', { turnJudge: judge, judgmentThisTurn: true });
      api.emit('judgment-invoked', { judgment: j.id, invoker: ctx.agent, accuse: (ctx.args.accuse ?? null) as Json });
      return j.key;
    },
  };
  api.action('invoke-judgment', invoke);
  // Rule 373 spells it "invoke Judgement": the same action under that name.
  api.action('invoke-judgement', { ...invoke, describe: 'The same as `invoke-judgment` (Rule 373 spells it "Judgement").' });

  api.action('judge', {
    describe: 'As the Judge, decide the question: `ruling`; `agree` (does the invoker win the point? Rule 373); `corrections` (changes the ruling makes to the game, e.g. setting a rule\'s `void`); `undecidable` (the move is equally legal and illegal: Rule 213); `precedent` ({rule} to record it as an amendment of that rule, or {title, text} for a new rule: Rule 327).',
    args: { judgment: 'json', ruling: 'string', agree: 'boolean?', corrections: 'json?', undecidable: 'boolean?', precedent: 'json?' },
    legal(ctx) {
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.judge !== ctx.agent) return `Rule 212: only the Judge (${j.attrs.judge ?? 'nobody'}) may decide this question`;
      if (j.attrs.status !== 'open') return `this judgment is already ${j.attrs.status}`;
    },
    perform(ctx) {
      const j = judgment(ctx.args.judgment)!;
      const corrections = (ctx.args.corrections ?? []) as Json[];
      if (!Array.isArray(corrections)) api.refuse('corrections must be a list of changes');
      if (corrections.length) {
        const result = api.applyChanges(corrections as never, { cause: `judgment ${j.id}` });
        if (!result.ok) api.refuse(`the corrections cannot be applied: ${result.error}`);
      }
      api.update(j.key, {
        status: 'decided', ruling: String(ctx.args.ruling), agree: (ctx.args.agree ?? null) as Json, corrections,
        undecidable: ctx.args.undecidable === true, precedent: (ctx.args.precedent ?? null) as Json, decidedAt: ctx.now,
      });
      api.message('all', `Judgment on "${j.attrs.question}": ${ctx.args.ruling}`);
      api.emit('judgment-decided', { judgment: j.id });
      if (ctx.args.undecidable === true) api.emit('judged-undecidable', { judgment: j.id });
      return j.key;
    },
  });

  api.action('overrule', {
    describe: 'Vote to overrule a Judgment: it is overruled when all the other players vote so before the next turn begins, and the player preceding the Judge becomes the new Judge.',
    args: { judgment: 'json' },
    legal(ctx) {
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.status !== 'decided') return `only a decided Judgment can be overruled; this one is ${j.attrs.status}`;
      if (j.attrs.turnNumber !== (game().turnNumber ?? null)) return 'Rule 212: a Judgment can be overruled only before the next turn is begun';
      if (!inGame(ctx.agent)) return 'only players may vote to overrule';
      if (ctx.agent === j.attrs.judge) return 'Rule 212: the Judge is not one of the other players';
      if ((j.attrs.overruleVotes as string[]).includes(ctx.agent)) return 'you already voted to overrule';
    },
    perform(ctx) {
      const j = judgment(ctx.args.judgment)!;
      const votes = [...(j.attrs.overruleVotes as string[]), ctx.agent];
      api.set(j.key, 'overruleVotes', votes);
      const others = order().filter((p) => p !== j.attrs.judge);
      if (others.length > 0 && others.every((p) => votes.includes(p))) {
        api.update(j.key, { status: 'overruled', overruledAt: ctx.now });
        api.emit('judgment-overruled', { judgment: j.id });
        const excluded = [...((j.attrs.judges as string[]) ?? []), String(j.attrs.judge)];
        const judge = judgeBefore(String(j.attrs.judge), excluded);
        const fresh = open(String(j.attrs.question), String(j.attrs.invoker), (j.attrs.accuse as string | null) ?? null, judge, j);
        api.set(j.key, 'next', fresh.id);
        api.set('game/game', 'turnJudge', judge);
      }
      return j.key;
    },
  });

  const consents = () => ((game().nextTurnConsents as string[] | undefined) ?? []);
  const majority = () => {
    const nextPlayer = (game().nextPlayer as string | null | undefined) ?? next();
    const others = order().filter((p) => p !== nextPlayer);
    return consents().filter((c) => others.includes(c)).length * 2 > others.length;
  };
  api.export('consentNeeded', () => game().judgmentThisTurn === true && !majority());

  api.action('consent-next-turn', {
    describe: 'Consent to the next player beginning their turn (needed from a majority of the other players once Judgment was invoked in this turn).',
    legal(ctx) {
      if (!inGame(ctx.agent)) return 'only players may consent';
      if (game().judgmentThisTurn !== true) return 'Judgment has not been invoked in this turn: the next turn needs no consent';
      const nextPlayer = (game().nextPlayer as string | null | undefined) ?? next();
      if (ctx.agent === nextPlayer) return 'Rule 212: the consent must come from the other players';
      if (consents().includes(ctx.agent)) return 'you already consented';
    },
    perform(ctx) {
      api.set('game/game', 'nextTurnConsents', [...consents(), ctx.agent]);
      if (game().turnPhase === 'awaiting-consent' && majority()) api.emit('next-turn-consented', { by: consents() });
    },
  });

  api.on('turn-begins', () => api.update('game/game', { turnJudge: null, judgmentThisTurn: false, nextTurnConsents: [] }));

  // A Judge's corrections may set a rule's attributes (declaring it void, Rule 110), but not change
  // its text: only proposals change the rules (Rule 116).
  api.export('permitsRuleChange', (args: JsonObject) => /^judgment \S+/.test(String(args.cause)) && args.kind === 'set');
}
