// Rule 4E73: The Judge. The Minister of Judging (the Judge) keeps the display of Quorums. When a
// Quorum is submitted the Judge is obligated to select a Jury at random (`select-jury`) by the
// rule's procedure: three of the Players of priority 1 (Active Players, less the Offender and the
// submitter; the Judge has priority 1/2, rounded up if needed), or else every Active Player. Each
// juror answers (`jury-answer`); a majority of GUILTY answers Decides the Offender Guilty, and the
// Judge is then obligated to Assign the Punishment (4E54).
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  const size = api.param('jury size', { pattern: /at least (\w+) Players with a priority of 1,\s+select a random group of (\w+) of them/, parse: (m) => ({ three: 3, two: 2, four: 4, five: 5 } as Record<string, number>)[m[2]!] ?? Number(m[2]) });
  const judge = () => (api.get('ministry/judging')?.attrs.holder ?? null) as string | null;
  const oblige = (duty: string, ref: string, what: string) => { if (api.imported('4E53', 'oblige')) api.call('4E53', 'oblige', 'judging', duty, ref, what); };
  const fulfil = (duty: string, ref: string) => { if (api.imported('4E53', 'fulfil')) api.call('4E53', 'fulfil', 'judging', duty, ref); };
  const ensure = () => {
    if (!api.get('ministry/judging')) api.create('ministry', { name: 'Ministry of Judging', minister: 'Minister of Judging', title: 'Judge', aliases: ['Judging'], holder: null, mini: false, rule: '4E73', history: [] }, { id: 'judging' });
  };
  api.on('setup', ensure);
  api.settle(ensure);
  api.on('quorum-submitted', (e) => oblige('select-jury', String(e.payload.quorum), `select a Jury for Quorum ${e.payload.quorum}`));

  api.action('select-jury', {
    describe: 'As the Judge, select the Jury of a Quorum by the procedure of this rule (the draw is random).',
    args: { quorum: 'string' },
    legal(ctx) {
      if (judge() !== ctx.agent) return 'Rule 4E73: the Judge selects Juries';
      const q = api.get('quorum/' + ctx.args.quorum);
      if (!q) return `there is no Quorum ${ctx.args.quorum}`;
      if (q.attrs.jury) return 'the Jury is already selected';
    },
    perform(ctx) {
      const q = api.get('quorum/' + ctx.args.quorum)!;
      const active = api.all('player', (p) => p.attrs.active === true).map((p) => p.id);
      const priority = new Map(active.map((id) => [id, 1]));
      if (priority.has(ctx.agent)) priority.set(ctx.agent, 0.5);
      priority.set(String(q.attrs.offender), 0);
      priority.set(String(q.attrs.submitter), 0);
      let jury: string[] | null = null;
      for (let round = 0; round < 2 && !jury; round++) {
        const ones = [...priority].filter(([, v]) => v === 1).map(([id]) => id);
        if (ones.length >= size) {
          const pool = [...ones];
          jury = [];
          while (jury.length < size) jury.push(pool.splice(Math.floor(api.random() * pool.length), 1)[0]!);
        } else if ([...priority.values()].some((v) => !Number.isInteger(v))) {
          for (const [id, v] of priority) priority.set(id, Math.ceil(v));
        } else break;
      }
      jury ??= active;
      api.update(q.key, { jury, juryAt: ctx.now });
      fulfil('select-jury', q.id);
      return q.key;
    },
  });

  api.action('jury-answer', {
    describe: 'As a member of the Jury of a Quorum, deliver your answer: GUILTY or NOT GUILTY.',
    args: { quorum: 'string', answer: 'string' },
    legal(ctx) {
      const q = api.get('quorum/' + ctx.args.quorum);
      if (!q) return `there is no Quorum ${ctx.args.quorum}`;
      if (!((q.attrs.jury as string[] | null) ?? []).includes(ctx.agent)) return 'Rule 4E73: only the members of the Jury answer';
      if (q.attrs.verdict) return `the Jury has Decided: ${q.attrs.verdict}`;
      if (!['GUILTY', 'NOT GUILTY'].includes(String(ctx.args.answer).trim().toUpperCase())) return 'answer GUILTY or NOT GUILTY';
    },
    perform(ctx) {
      const q = api.get('quorum/' + ctx.args.quorum)!;
      const answers = { ...(q.attrs.answers as Record<string, string>), [ctx.agent]: String(ctx.args.answer).trim().toUpperCase() };
      const jury = q.attrs.jury as string[];
      const guilty = Object.values(answers).filter((a) => a === 'GUILTY').length;
      const pending = jury.length - Object.keys(answers).length;
      const verdict = guilty * 2 > jury.length ? 'Guilty' : (guilty + pending) * 2 <= jury.length ? 'Not Guilty' : null;
      api.update(q.key, { answers, verdict });
      if (verdict === 'Guilty') oblige('assign-punishment', q.id, `Assign the Punishment of ${q.attrs.offender} (Quorum ${q.id})`);
      return q.key;
    },
  });
}
