// Rule 1: Doc. The identity of Doc is game state (`game.doc`): the person the game's roles name
// Doc, or else the person this rule names. Doc is seen whenever Doc acts or writes; when Doc has
// been absent for more than ten duns without making arrangements for a return (`arrange-absence`),
// an election opens: each Active Player votes once (`vote-doc`), and the Leading Player appoints
// the Active Player with the most votes (any of them on a tie; `appoint-doc`), who leaves the
// game and becomes Doc.
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { Json } from '../../../kernel/types.js';

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fourteen: 14, twenty: 20 };

export default function (api: RuleApi) {
  const absence = api.param('absence', { pattern: /more\s+than\s+(\w+)\s+duns/, parse: (m) => WORDS[m[1]!.toLowerCase()] ?? Number(m[1]) });
  const named = api.param('the first Doc', { pattern: /variously known as [^.]*?,? or (\w+)\./, parse: (m) => m[1]! });
  const EPS = 1e-6;
  const game = () => api.get('game/game')!.attrs;
  const doc = () => (game().doc ?? null) as string | null;
  const duns = (): number => (api.imported('10', 'duns') ? api.call<number>('10', 'duns') : api.now() / (48 * 3_600_000));
  const dunTimer = (value: number, event: string, payload: Json, id: string) => {
    if (api.imported('10', 'duns')) api.timer({ base: 'dun', value }, event, payload, { id });
    else api.timer(Math.ceil(value * 48 * 3_600_000), event, payload, { id });
  };
  const election = () => api.get('election/doc');
  const isActive = (name: string) => api.get('player/' + name)?.attrs.active === true;

  /** Doc acted: Doc is not absent, and the ten duns start again. */
  const seen = (keepArrangement: boolean) => {
    const now = duns();
    api.set('game/game', 'docSeenDun', now);
    if (!keepArrangement) api.set('game/game', 'docArrangement', null);
    if (game().docAbsent === true) {
      api.set('game/game', 'docAbsent', false);
      if (election()) api.destroy('election/doc');
      api.message('all', `Doc (${doc()}) is back; the election of a new Doc is called off (Rule 1).`, { channel: 'list' });
    }
    dunTimer(now + absence + EPS, 'doc-absence', null, 'doc-absence');
  };

  // The Doc this rule names is "the person variously known as Doctroid, Rich Holmes, or rsholmes":
  // while that person holds the office, each of those names (and the office's own, "Doc") is em.
  const knownAs = api.param('the first Doc\'s names', {
    pattern: /variously known as ([^.]*?)\.|$/,
    parse: (m) => (m[1] ?? '').split(/,\s*(?:or\s+)?|\s+or\s+/).map((n) => n.trim()).filter(Boolean),
  });
  const isDoc = (agent: string): boolean => {
    const d = doc();
    if (!agent || d === null) return false;
    if (agent === d) return true;
    if (d !== named) return false;
    const a = agent.toLowerCase();
    return a === 'doc' || knownAs.some((n) => n.toLowerCase() === a);
  };
  api.export('isDoc', isDoc);

  api.on('setup', (e) => {
    const roles = (e.payload?.roles ?? {}) as Record<string, string[]>;
    const given = Object.entries(roles).find(([role]) => role.toLowerCase() === 'doc')?.[1]?.[0];
    if (game().doc == null) api.set('game/game', 'doc', given ?? named);
    api.update('game/game', { docAbsent: false, docArrangement: null });
    seen(false);
  });

  api.on('action-performed', (e) => {
    const d = doc();
    if (d !== null && (isDoc(String(e.cause.person ?? '')) || (e.cause.invokedBy === 'input' && isDoc(String(e.cause.agent ?? ''))))) seen(e.payload.action === 'arrange-absence');
  });
  api.on('message', (e) => {
    if (isDoc(String(e.payload.person ?? ''))) seen(false);
  });

  // An amendment of the ten duns counts from Doc's last appearance anew.
  api.on('rule-changed', (e) => {
    if (e.payload.rule !== api.self.number || game().docAbsent === true) return;
    dunTimer(Number(game().docSeenDun ?? 0) + absence + EPS, 'doc-absence', null, 'doc-absence');
  });

  api.on('doc-absence', () => {
    const g = game();
    if (g.docArrangement != null || g.docAbsent === true) return;
    if (duns() - Number(g.docSeenDun ?? 0) <= absence) return;
    api.set('game/game', 'docAbsent', true);
    if (!election()) api.create('election', { office: 'Doc', votes: {}, openedAt: api.now(), status: 'open' }, { id: 'doc', owner: null });
    api.message('all', `Doc has been absent for more than ${absence} duns without arrangements: the Active Players may elect a new Doc (vote-doc); the Leading Player appoints the winner (Rule 1).`, { channel: 'list' });
  });

  api.action('arrange-absence', {
    describe: 'As Doc, make arrangements for your return before an absence (no election is held while they stand).',
    args: { note: 'string' },
    legal: (ctx) => (ctx.agent === doc() ? undefined : 'Rule 1: only Doc arranges for Doc\'s absence'),
    perform(ctx) {
      api.set('game/game', 'docArrangement', { note: String(ctx.args.note), at: ctx.now });
    },
  });

  /** A Player named as written, or by eir name in another case ("Carol" for carol). */
  const playerName = (name: unknown): string => {
    const n = String(name ?? '').trim();
    if (api.get('player/' + n)) return n;
    return api.all('player').find((p) => p.id.toLowerCase() === n.toLowerCase())?.id ?? n;
  };

  api.action('vote-doc', {
    describe: 'As an Active Player, vote for the Active Player you prefer as the new Doc while Doc is absent.',
    args: { candidate: 'string' },
    legal(ctx) {
      if (!election()) return 'Rule 1: no election is open (Doc is not absent)';
      if (!isActive(ctx.agent)) return 'Rule 1: only Active Players vote for a new Doc';
      if (!isActive(playerName(ctx.args.candidate))) return 'Rule 1: the new Doc must be an Active Player';
    },
    perform(ctx) {
      const votes = { ...(election()!.attrs.votes as Record<string, string>), [ctx.agent]: playerName(ctx.args.candidate) };
      api.set('election/doc', 'votes', votes);
    },
  });

  // The shared verb: in DocNomic the only vote is the election of a new Doc (Doc judges Proposals).
  api.action('vote', {
    describe: 'As an Active Player, vote in the election of a new Doc (`candidate`, or `vote`: the name), as `vote-doc` does. DocNomic has no votes on Proposals: Doc judges them (Rule 3).',
    args: { candidate: 'string?', vote: 'string?', proposal: 'json?' },
    legal(ctx) {
      if (ctx.args.proposal != null) return 'Rule 3: Proposals are not voted on in DocNomic; Doc judges them';
      const candidate = ctx.args.candidate ?? ctx.args.vote;
      if (candidate == null) return 'vote needs the argument "candidate" (the Active Player you prefer as the new Doc)';
      const v = api.legal('vote-doc', { candidate: String(candidate) }, { agent: ctx.agent, person: ctx.person });
      return v === true ? undefined : v;
    },
    perform(ctx) {
      const result = api.perform('vote-doc', { candidate: String(ctx.args.candidate ?? ctx.args.vote) }, { agent: ctx.agent, person: ctx.person });
      if (!result.ok) api.refuse(result.error ?? 'the vote cannot be taken');
      return result.value ?? null;
    },
  });

  /** Each candidate's votes, counting only voters who are still Active. */
  const tally = () => {
    const counts: Record<string, number> = {};
    for (const [voter, candidate] of Object.entries((election()?.attrs.votes ?? {}) as Record<string, string>)) {
      if (isActive(voter) && isActive(candidate)) counts[candidate] = (counts[candidate] ?? 0) + 1;
    }
    return counts;
  };

  const appointee = (args: Readonly<Record<string, unknown>>): string | null => {
    const given = args.person ?? args.candidate ?? args.player;
    return given == null ? null : playerName(given);
  };

  api.action('appoint-doc', {
    describe: 'As the Leading Player, appoint as the new Doc the Active Player with the most votes (one of them on a tie).',
    args: { person: 'string?', candidate: 'string?', player: 'string?' },
    legal(ctx) {
      if (appointee(ctx.args) === null) return 'appoint-doc needs the argument "person" (the Active Player to appoint)';
      if (!election()) return 'Rule 1: no election is open (Doc is not absent)';
      const leaders = (game().leadingPlayers ?? []) as string[];
      if (!leaders.includes(ctx.agent)) return `Rule 1: only the Leading Player (${leaders.join(' or ') || 'nobody'}) appoints the new Doc`;
      const counts = tally();
      const most = Math.max(0, ...Object.values(counts));
      if (most === 0) return 'Rule 1: nobody has any votes yet';
      if (counts[appointee(ctx.args)!] !== most) return `Rule 1: the new Doc is the Active Player receiving the most votes (${most})`;
    },
    perform(ctx) {
      const person = appointee(ctx.args)!;
      const old = doc();
      if (api.imported('2', 'remove')) api.call('2', 'remove', person, false, 'appointed Doc (Rule 1)');
      api.destroy('election/doc');
      api.update('game/game', { doc: person, docAbsent: false, docArrangement: null, previousDocs: [...((game().previousDocs ?? []) as string[]), ...(old ? [old] : [])] });
      seen(false);
      api.message('all', `${ctx.agent}, the Leading Player, appoints ${person} as the new Doc (Rule 1).`, { channel: 'list' });
    },
  });

  api.export('doc', doc);
}
