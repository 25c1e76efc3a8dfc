// Rule 4: Publication. Doc's judgements of Proposals and Points of Order, Proclamations and
// Directives take effect as they are published: the action that makes one publishes it to the
// DocNomic Mailing List (the `list` channel) and keeps a `publication` record. The Ruleset and the
// game state are published by the game itself (its pages show them as they stand), and changes to
// the game state happen the moment their condition occurs.
import type { RuleApi } from '../../../kernel/rule-api.js';

export default function (api: RuleApi) {
  api.export('publish', (item: { kind: string; ref: string; subject: string; text: string }) => {
    const n = api.nextNumber('publication');
    api.create('publication', {
      kind: item.kind, ref: item.ref, subject: item.subject, text: item.text, forum: 'DocNomic Mailing List', at: api.now(),
    }, { id: String(n), owner: null });
    api.message('all', `${item.subject}\n\n${item.text}`, { channel: 'list' });
    return n;
  });
}
