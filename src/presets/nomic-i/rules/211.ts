// Rule 211: Judgment. Any player may invoke Judgment on a disagreement; the Judge is the player
// preceding the one whose turn it is in the playing order, and settles every question until the next
// turn begins. The other players may overrule a Judgment only unanimously and before the next turn
// begins; the player preceding the overruled Judge then becomes Judge for the question, and so on,
// never the player whose turn it is nor a team-mate (a member of their party). After a Judgment was
// invoked in a turn, the next player begins their turn only with the consent of a majority of the
// other players.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const game = () => api.get('game/game')!.attrs as any;
  const isPlayer = (name: string) => api.get('player/' + name)?.attrs.active === true;
  const judgment = (ref: unknown) => api.get('judgment/' + String(ref));
  const teamMates = (name: string | null) => {
    if (!name) return [] as string[];
    const party = api.all('party', (p) => p.attrs.status === 'established' && ((p.attrs.members as string[]) ?? []).includes(name))[0];
    return ((party?.attrs.members as string[]) ?? []).filter((m) => m !== name);
  };

  /** The player preceding `from` in the playing order who may be Judge (not the mover, not a team-mate, not in `skip`). */
  const preceding = (from: string | null, skip: string[]) => {
    const order: string[] = api.call('201', 'order');
    const mover = (game().turn as string | null) ?? null;
    const team = teamMates(mover);
    const start = from === null ? 0 : order.indexOf(from);
    for (let k = 1; k <= order.length; k++) {
      const c = order[(((start - k) % order.length) + order.length) % order.length]!;
      if (!isPlayer(c) || c === mover || team.includes(c) || skip.includes(c)) continue;
      return c;
    }
    return null;
  };

  const open = (question: string, invoker: string, judge: string | null, previous: string | null, overruled: string[]) => {
    const g = game();
    const j = api.create('judgment', {
      question, invoker, judge, status: 'open', ruling: null, turn: Number(g.turnNumber ?? 0), mover: g.turn ?? null,
      invokedAt: api.now(), previous, overruledJudges: overruled, overruleVotes: [],
    }, { owner: null });
    if (judge) api.set('game/game', 'turnJudge', judge);
    api.message('all', judge ? `${judge} is the Judge for: ${question}` : `No player can be Judge for: ${question}`, { channel: 'game' });
    return j;
  };

  const invoke = {
    describe: 'Insist on a disagreement about the legality of a move or the meaning of a rule: the Judge (the player preceding the one moving) decides it.',
    args: { question: 'string' },
    legal(ctx) {
      if (!isPlayer(ctx.agent)) return 'only players may invoke Judgment';
      if (String(ctx.args.question).trim() === '') return 'state the question';
    },
    perform(ctx) {
      const g = game();
      const sitting = g.turnJudge && isPlayer(g.turnJudge) ? (g.turnJudge as string) : preceding((g.turn as string | null) ?? null, []);
      api.set('game/game', 'judgmentInvoked', true);
      return open(String(ctx.args.question), ctx.agent, sitting, null, []).key;
    },
  } satisfies Parameters<RuleApi['action']>[1];
  api.action('invoke-judgment', invoke);
  api.action('invoke-judgement', { ...invoke, describe: 'The same as `invoke-judgment` (Rule 314 spells it "Judgement").' });

  api.action('judge', {
    describe: 'As the Judge, decide the question. `opinion` is the Opinion Rule 314 requires; `corrections` are changes to the game state the Judgment makes; `undecidable` says the move is equally legal and illegal (Rule 325).',
    args: { judgment: 'json', ruling: 'string', opinion: 'json?', corrections: 'json?', undecidable: 'boolean?' },
    legal(ctx) {
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.judge !== ctx.agent) return `Rule 211: only the Judge (${j.attrs.judge ?? 'nobody'}) may decide this question`;
      if (j.attrs.status !== 'open') return `this judgment is already ${j.attrs.status}`;
      if (String(ctx.args.ruling).trim() === '') return 'the Judgment must say something';
    },
    perform(ctx) {
      const j = judgment(ctx.args.judgment)!;
      const corrections = (ctx.args.corrections ?? []) as any[];
      if (corrections.length) {
        const result = api.applyChanges(corrections, { cause: `judgment ${j.id}` });
        if (!result.ok) api.refuse(`the corrections cannot be applied: ${result.error}`);
      }
      const count = Number(game().judgementsThisTurn ?? 0) + 1;
      api.set('game/game', 'judgementsThisTurn', count);
      api.update(j.key, { status: 'decided', ruling: String(ctx.args.ruling), decidedAt: ctx.now, corrections, undecidable: ctx.args.undecidable === true, countInTurn: count });
      api.emit('judgment-decided', { judgment: j.id, opinion: (ctx.args.opinion ?? null) as any });
      return j.key;
    },
  });

  api.action('overrule', {
    describe: 'Vote to overrule a Judgment (it is overruled when all the other players vote so, before the next turn begins).',
    args: { judgment: 'json' },
    legal(ctx) {
      const j = judgment(ctx.args.judgment);
      if (!j) return `there is no judgment ${ctx.args.judgment}`;
      if (j.attrs.status !== 'decided') return `only a decided Judgment can be overruled; this one is ${j.attrs.status}`;
      if (Number(j.attrs.turn) !== Number(game().turnNumber ?? 0)) return 'Rule 211: a Judgment can be overruled only before the next turn is begun';
      if (!isPlayer(ctx.agent) || ctx.agent === j.attrs.judge) return 'Rule 211: only the other players may overrule the Judge';
      if ((j.attrs.overruleVotes as string[]).includes(ctx.agent)) return 'you already voted to overrule';
    },
    perform(ctx) {
      const j = judgment(ctx.args.judgment)!;
      const votes = [...(j.attrs.overruleVotes as string[]), ctx.agent];
      api.set(j.key, 'overruleVotes', votes);
      const others = api.all('player', (p) => p.attrs.active === true && p.id !== j.attrs.judge).map((p) => p.id);
      if (!others.every((p) => votes.includes(p))) return j.key;
      api.update(j.key, { status: 'overruled', overruledAt: ctx.now });
      const overruled = [...((j.attrs.overruledJudges as string[]) ?? []), String(j.attrs.judge)];
      if (game().turnJudge === j.attrs.judge) api.set('game/game', 'turnJudge', null);
      const next = open(String(j.attrs.question), String(j.attrs.invoker), preceding(String(j.attrs.judge), overruled), j.id, overruled);
      api.set(j.key, 'next', next.id);
      api.emit('judgment-overruled', { judgment: j.id, next: next.id });
      return j.key;
    },
  });

  api.action('consent-next-turn', {
    describe: 'After a Judgment was invoked in this turn, consent to the next player beginning their turn (a majority of the other players is needed).',
    legal(ctx) {
      const g = game();
      if (!isPlayer(ctx.agent)) return 'only players consent';
      if (g.judgmentInvoked !== true) return 'no Judgment was invoked in this turn; the next turn needs no consent';
      if (((g.turnConsents as string[]) ?? []).includes(ctx.agent)) return 'you already consented';
      if (g.nextMover === ctx.agent) return 'Rule 211: the consent must come from the other players';
    },
    perform(ctx) {
      const g = game();
      api.set('game/game', 'turnConsents', [...((g.turnConsents as string[]) ?? []), ctx.agent]);
      if (g.turnStage === 'awaiting-consent') api.call('201', 'beginNext');
    },
  });

  api.check('begin-turn', (ctx) => {
    const g = game();
    if (g.judgmentInvoked !== true) return undefined;
    const others = api.all('player', (p) => p.attrs.active === true && p.id !== ctx.agent).map((p) => p.id);
    const consents = ((g.turnConsents as string[]) ?? []).filter((c) => others.includes(c));
    if (consents.length * 2 > others.length) return undefined;
    return `Rule 211: Judgment was invoked in this turn, so ${ctx.agent} may begin their turn only with the consent of a majority of the other players (${consents.length} of ${others.length} so far)`;
  });

  api.on('turn-begins', () => {
    api.update('game/game', { turnJudge: null, judgmentInvoked: false, turnConsents: [], judgementsThisTurn: 0 });
  });
}
