// Rule 4E60: Contempt of Court. A Player whose five Consultations of one nweek are all ZOTTED is
// Held in Contempt of Court (recorded as an Offense), a Misdemeanor fined m10 to m60, the maximum
// adding a limit of one proposal in the following nweek (enforced on `propose`).
import type { RuleApi } from '../../../kernel/rule-api.js';
import type { JsonObject } from '../../../kernel/types.js';

export default function (api: RuleApi) {
  const count = api.param('consultations', { pattern: /submits (\d+) Consultations in the same nweek that are all\s+ZOTTED/, parse: (m) => Number(m[1]) });
  const [min, max] = api.param('penalties', { pattern: /minimum penalty\s+for being Held in Contempt of Court is a fine of (\d+)m\. The maximum\s+penalty for being Held in Contempt of Court is a fine of (\d+)m/, parse: (m) => [Number(m[1]), Number(m[2])] });
  const declare = (key: string, attrs: JsonObject) => {
    const [type, id] = [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)];
    const cur = api.get(key);
    if (!cur) api.create(type, attrs, { id });
    else if (JSON.stringify(cur.attrs) !== JSON.stringify({ ...cur.attrs, ...attrs })) api.update(key, attrs);
  };
  const ensure = () => declare('crime/contempt', { name: 'Contempt of Court', kind: 'Misdemeanor', min, max, limit: true, rule: '4E60' });
  api.on('setup', ensure);
  api.settle(ensure);
  const nweek = () => Number(api.get('clock/clock')?.attrs.nweek ?? 0);

  api.on('consultation-zotted', (e) => {
    const c = api.get('judgment/' + e.payload.judgment);
    if (!c) return;
    const who = String(c.attrs.supplicant);
    const week = Number(c.attrs.submittedNweek);
    const mine = api.all('judgment', (j) => j.attrs.supplicant === who && j.attrs.submittedNweek === week);
    if (mine.length < count || !mine.every((j) => j.attrs.state === 'ZOTTED')) return;
    if (api.all('offense', (o) => o.attrs.crime === 'contempt' && o.attrs.offender === who && o.attrs.nweek === week).length) return;
    api.create('offense', { crime: 'contempt', offender: who, nweek: week, at: api.now(), detail: `${mine.length} Consultations of nweek ${week}, all ZOTTED` }, { owner: null });
  });

  api.check('propose', (ctx) => {
    const p = api.get('player/' + ctx.agent);
    if (!p || p.attrs.proposalLimitNweek !== nweek()) return undefined;
    const made = api.all('proposal', (q) => q.attrs.author === ctx.agent && q.attrs.submittedNweek === nweek()).length;
    return made >= 1 ? 'Rule 4E60: as punishment for Contempt of Court you may submit at most one proposal this nweek' : undefined;
  });
}
