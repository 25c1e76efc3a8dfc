// Rule 214: invoking Judgment. The Judge is drawn uniformly at random (seeded) from the eligible
// players as the rule lists them; the first invocation in a turn extends it by 24 hours unless it
// already ends later, and a majority of active players may revoke that; a Judgment is overruled by
// all the other active players or a majority of moderators before the next turn, and another
// eligible player becomes Judge; one Judge settles all questions until the next turn.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const HOURS = 3_600_000;
  const extension = api.param('extension', { pattern: /current turn is extended by (\d+) hours/, parse: (m) => Number(m[1]) * HOURS });
  const game = () => api.get('game/game')!.attrs;
  const isActive = (name: string) => api.get('player/' + name)?.attrs.active === true;
  const judgment = (ref: unknown) => api.get('judgment/' + String(ref));
  const moderators = () => (game().moderators as string[] | undefined) ?? [];

  /** The four conditions of Rule 214, in the order the rule lists them. */
  const eligible = () => {
    const putToVote = (game().putToVote as string[] | undefined) ?? [];
    const recent = putToVote.slice(-2).map((id) => api.get('proposal/' + id));
    const judges = (game().judgesThisTurn as string[] | undefined) ?? [];
    return api.all('player').filter((p) =>
      p.attrs.active === true &&
      (putToVote.length <= 2 || recent.some((r) => ((r?.attrs.voters as string[] | undefined) ?? []).includes(p.id))) &&
      !api.all('proposal', (q) => q.attrs.status === 'voting' && q.attrs.author === p.id).length &&
      !judges.includes(p.id),
    ).map((p) => p.id);
  };

  const appoint = (question: string, invoker: string, previous: string | null) => {
    const candidates = eligible();
    const judge = candidates.length ? api.pick(candidates) : null;
    const j = api.create('judgment', {
      question, invoker, judge, status: 'open', ruling: null, turn: game().turn ?? null, invokedAt: api.now(),
      candidates, previous, overruleVotes: [], moderatorVotes: [], corrections: [],
    }, { owner: null });
    if (judge) {
      api.update('game/game', { turnJudge: judge, judgesThisTurn: [...((game().judgesThisTurn as string[]) ?? []), judge] });
      if (api.imported('207', 'require')) api.call('207', 'require', judge, 'judge', j.key, `judge the question "${question}"`);
      api.message('all', `${judge} is the Judge for: ${question}`, { channel: 'game' });
    } else {
      api.message('all', `No player is eligible to be Judge for: ${question}`, { channel: 'game' });
    }
    return j;
  };

  const questionOf = (args: Record<string, unknown>) => {
    const q = args.question ?? args.text ?? args.statement;
    return q === undefined || q === null ? undefined : String(q);
  };
  const rulingOf = (args: Record<string, unknown>) => args.ruling ?? args.decision ?? args.verdict ?? args.answer;

  api.action('invoke-judgment', {
    describe: 'Insist on a disagreement about the legality of a move or the meaning of a rule; a Judge decides it.',
    // The question may also be given as `text` or `statement`.
    args: { question: 'string?' },
    legal(ctx) {
      if (!api.get('player/' + ctx.agent)) return 'only players may invoke Judgment';
      if (questionOf(ctx.args) === undefined) return 'say what the question is (`question`)';
    },
    perform(ctx) {
      ctx = { ...ctx, args: { ...ctx.args, question: questionOf(ctx.args)! } };
      const g = game();
      const sitting = g.turnJudge as string | null | undefined;
      const j = sitting
        ? api.create('judgment', {
            question: String(ctx.args.question), invoker: ctx.agent, judge: sitting, status: 'open', ruling: null, turn: g.turn ?? null,
            invokedAt: ctx.now, candidates: [sitting], previous: null, overruleVotes: [], moderatorVotes: [], corrections: [],
          }, { owner: null })
        : appoint(String(ctx.args.question), ctx.agent, null);
      if (sitting && api.imported('207', 'require')) api.call('207', 'require', sitting, 'judge', j.key, `judge the question "${ctx.args.question}"`);
      if (!g.judgmentInvokedThisTurn) {
        api.set('game/game', 'judgmentInvokedThisTurn', true);
        const ends = Number(g.turnEndsAt);
        if (Number.isFinite(ends) && !(ends - ctx.now > extension) && api.imported('203', 'reschedule')) {
          api.call('203', 'reschedule', ends + extension);
          api.update('game/game', { turnExtended: true, extensionConsents: [] });
          api.set(j.key, 'extendedTurn', true);
        }
      }
      return j.key;
    },
  });

  api.action('judge', {
    describe: 'As the Judge, decide the question. `corrections` are changes to the game state the ruling makes; `undecidable` says the move is equally legal and illegal (Rule 215).',
    // The ruling is the Judge's words; a bare TRUE or FALSE (as YAML reads them) is kept as it is.
    // The ruling may also be given as `decision`, `verdict` or `answer`.
    args: { judgment: 'json', ruling: 'json?', corrections: 'json?', undecidable: 'boolean?' },
    legal(ctx) {
      if (rulingOf(ctx.args) === undefined) return 'give the ruling (`ruling`)';
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.judge !== ctx.agent) return `Rule 214: only the Judge (${j.attrs.judge ?? 'nobody'}) may decide this question`;
      if (j.attrs.status !== 'open') return `this judgment is already ${j.attrs.status}`;
    },
    perform(ctx) {
      ctx = { ...ctx, args: { ...ctx.args, ruling: rulingOf(ctx.args) as never } };
      const j = judgment(ctx.args.judgment)!;
      const corrections = (ctx.args.corrections ?? []) as any[];
      if (corrections.length) {
        const result = api.applyChanges(corrections, { cause: `judgment ${j.id}` });
        if (!result.ok) api.refuse(`the corrections cannot be applied: ${result.error}`);
      }
      // Without the flag, a ruling in Rule 215's own words says the same thing.
      const undecidable = ctx.args.undecidable === true ||
        (ctx.args.undecidable === undefined && /equally legal and illegal|cannot be determined with finality|^\s*(?:undecided|undecidable)\s*[.!]?\s*$/i.test(String(ctx.args.ruling)));
      api.update(j.key, { status: 'decided', ruling: typeof ctx.args.ruling === 'string' || typeof ctx.args.ruling === 'boolean' || typeof ctx.args.ruling === 'number' ? ctx.args.ruling : JSON.stringify(ctx.args.ruling), decidedAt: ctx.now, corrections, undecidable });
      if (api.imported('207', 'fulfil')) api.call('207', 'fulfil', j.key);
      if (undecidable) api.emit('judged-undecidable', { judgment: j.id });
      return j.key;
    },
  });

  api.action('overrule', {
    describe: 'Vote to overrule a Judgment (all other active players, or a majority of moderators, before the next turn).',
    args: { judgment: 'json' },
    legal(ctx) {
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.status !== 'decided') return `only a decided Judgment can be overruled; this one is ${j.attrs.status}`;
      if (j.attrs.turn !== (game().turn ?? null)) return 'Rule 214: a Judgment can be overruled only before the next turn is begun';
      const asPlayer = isActive(ctx.agent) && ctx.agent !== j.attrs.judge;
      const asModerator = moderators().includes(ctx.person || ctx.agent);
      if (!asPlayer && !asModerator) return 'Rule 214: only the other active players or the server moderators may overrule the Judge';
      if ((j.attrs.overruleVotes as string[]).includes(ctx.agent) && !asModerator) return 'you already voted to overrule';
      if (asModerator && !asPlayer && (j.attrs.moderatorVotes as string[]).includes(ctx.person || ctx.agent)) return 'you already voted to overrule';
    },
    perform(ctx) {
      ctx = { ...ctx, args: { ...ctx.args, ruling: rulingOf(ctx.args) as never } };
      const j = judgment(ctx.args.judgment)!;
      const voter = ctx.person || ctx.agent;
      if (isActive(ctx.agent) && ctx.agent !== j.attrs.judge) api.set(j.key, 'overruleVotes', [...new Set([...(j.attrs.overruleVotes as string[]), ctx.agent])]);
      if (moderators().includes(voter)) api.set(j.key, 'moderatorVotes', [...new Set([...(j.attrs.moderatorVotes as string[]), voter])]);
      const now = judgment(j.id)!;
      const others = api.all('player', (p) => p.attrs.active === true && p.id !== now.attrs.judge).map((p) => p.id);
      const players = now.attrs.overruleVotes as string[];
      const mods = now.attrs.moderatorVotes as string[];
      const unanimous = others.length > 0 && others.every((p) => players.includes(p));
      const modMajority = moderators().length > 0 && mods.length * 2 > moderators().length;
      if (unanimous || modMajority) {
        api.update(j.key, { status: 'overruled', overruledAt: ctx.now, overruledBy: unanimous ? 'the other active players' : 'a majority of moderators' });
        if (game().turnJudge === now.attrs.judge) api.set('game/game', 'turnJudge', null);
        const next = appoint(String(now.attrs.question), String(now.attrs.invoker), j.id);
        api.set(j.key, 'next', next.id);
      }
      return j.key;
    },
  });

  api.action('revoke-extension', {
    describe: 'Consent to revoke the 24-hour extension of this turn (a majority of active players revokes it).',
    legal(ctx) {
      const g = game();
      if (!isActive(ctx.agent)) return 'only active players may consent';
      if (g.turnExtended !== true) return 'the turn has not been extended by Judgment';
      if (!(Number(g.turnEndsAt) - ctx.now > extension)) return 'Rule 214: the extension can be revoked only while more than 24 hours are left in the turn';
      if (((g.extensionConsents as string[]) ?? []).includes(ctx.agent)) return 'you already consented';
    },
    perform(ctx) {
      const consents = [...((game().extensionConsents as string[]) ?? []), ctx.agent];
      api.set('game/game', 'extensionConsents', consents);
      const active = api.all('player', (p) => p.attrs.active === true).length;
      if (consents.length * 2 > active && api.imported('203', 'reschedule')) {
        api.call('203', 'reschedule', Number(game().turnEndsAt) - extension);
        api.update('game/game', { turnExtended: false, extensionRevoked: true });
      }
    },
  });

  const newTurn = () => {
    api.update('game/game', { turnJudge: null, judgesThisTurn: [], judgmentInvokedThisTurn: false, turnExtended: false, extensionConsents: [], extensionRevoked: false });
  };
  api.export('newTurn', newTurn);
  api.on('turn-begins', () => newTurn());
}
