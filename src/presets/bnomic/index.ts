// Preset bnomic: B Nomic's ruleset of 26 May 2008, the 4th era (seeds/004_fcb906d613603658.txt).
// Each mechanizable rule carries its code in rules/NUMBER.ts; the rules that need people say why
// below, and the preset's readings of ambiguous text are listed for its documentation page.
import type { PresetDefinition } from '../../engine/preset.js';

export const bNomic: PresetDefinition = {
  name: 'bnomic',
  title: 'B Nomic',
  description: 'B Nomic in its Fourth Era (ruleset of 26 May 2008): a game of objects with attributes, rule Powers, a 12-nday Clock turned Off and On by Ministers, thirteen Ministries with obligations, proposals with conflicts and dependencies voted FOR, AGAINST, ABSTAIN or SHELVE, an Oracle with Priests, Juries, devices, the Field, Socks, an Operantly Conditioned Beast and Emergencies.',
  seedFile: '004_fcb906d613603658.txt',
  dir: new URL('./', import.meta.url),
  enforcedByPeople: {
    '4E3': 'A definition (External Forces and Outsiders): persons are the Outsiders the engine knows; nothing to compute.',
    '4E8': 'Submission is what every submitting action does by construction: the document (a proposal, a Consultation, a Quorum, a Tweak) is given in full in the action\'s arguments.',
    '4E26': 'The Temporal Prime Directive is a constraint on rules and proposals for people and the Oracle to apply; the engine never rewrites its log, and the one simulated retroactive change (4E50) is a re-simulation, which the rule permits.',
    '4E27': 'A canon of interpretation for people and the Oracle: rule code names no player.',
    '4E38': 'A canon of interpretation (pronouns) for people and the Oracle.',
    '4E76': 'Says how B feels; it changes nothing in the game state.',
  },
  readings: [
    'The game starts at the beginning of nday 1 (Breakday) of nweek 135, the nweek 4E9 says the Fourth Era began; the Clock is On and the ndelay 0. No Player has a turn (`game.turn` is null); `game.round` is the current nweek.',
    'Durations: "X ndays" ends when the nday has changed X+1 times (the end of the nday after X changes); "X rdays" counts midnights UTC; "four full ndays (or ndelays)" counts midnights at which the nday or the ndelay changed. All of them stop during an Emergency, which stops game time.',
    'The order of one midnight: the end of the nweek (Voting ends, Retainers fall, rewards, Victory Conditions reset, Infections), the end of the nday (healing on ndays 4, 8, 12), the Clock change (deadlines fall due), the new nweek, the new nday (Voting begins on nday 9, Tricks are due on ndays 1, 5, 9), then actions scheduled for the start of the nday (4E7).',
    'The MoM\'s obligation to turn the Clock On when no Ministry is Vacant and nothing is outstanding is also his power to do so; the Chairman may turn it On during Voting once his latest Ballot lists every Open proposal. Maintaining a Public Display is not an outstanding obligation (the engine keeps the displays); the discrete duties are: numbering proposals and rules, the Ballot and the results, assigning Priests and tallying Claims, answering a ZOT request, selecting Juries and assigning Punishments, Turning the Field, selecting Tricks, and addressing challenged displays.',
    'Every Player starts with the default DNA AA, so at the start every Player is every other Player\'s Twin: nobody may object to another\'s action, vote AGAINST another\'s proposal without committing Blood Betrayal, or usurp from another, until someone Mutates.',
    '"A Player who has not yet Voted on any currently Pending Proposals" (4E61) reads "Pending" as not yet decided: Pending or Open proposals (votes are only cast on Open ones).',
    'Players who join (and those given at the start of a game) are Active, because registering is a Game Action, and not Vested until an nweek begins after they voted. The Beast is a Player from the start, neither Active nor Vested until the rules make it act.',
    'When Voting ends, a proposal Discarded for its Stamina stays Discarded: the Strength step applies to proposals still undecided. Conflict Culling makes Lost every Open proposal that Conflicts with a Won one, even one Discarded. Unnumbered proposals come after numbered ones.',
    'A proposal "Shelved" is one Discarded by SHELVE votes. Like every Open proposal it becomes Historical; a later proposal that `revives` it and is Shelved again in the next nweek is Lost and Failed and can never be revived.',
    'Scoring (4E19) counts a Player who never voted as having no Final Vote: only voters other than ABSTAIN gain a point. A withdrawn proposal is Historical and Lost, so Failed: its Author loses 3 points (never below 0, 4E17).',
    'Objects with fixed ids: the Clock `clock/clock`, the Message Of The nweek `motnw/motnw`, the Threat Awareness Flagpole `flagpole/threat-awareness`, The Company `company/company`, the Beast `player/beast`; Ministries by portfolio: `ministry/change` (Chairman), `law` (Rulekeeper), `society` (Registrar), `ministry` (MoM), `time` (The Doctor), `goods` (Artisan), `play` (Referee), `laundry` (Washerwoman), `fauna` (Ranger), `questions` (Oracle), `judging` (Judge), `foreign-relations` (Ambassador), `business` (Arbiter); actions and `roles` name a Ministry by any of its names.',
    'Shared statuses of proposals: Pending -> `pending`, Open -> `voting`, Historical and Passed -> `adopted`, withdrawn -> `withdrawn`, Discarded -> `void`, other Historical -> `rejected`. Consultations are `judgment/ID`: Waiting -> `open`, Answered or Pondered -> `decided`, ZOTTED -> `zotted`; Claims of Inconsistency send one back to `open`.',
    'A rule that a proposal, an Oracularity or a Tweak enacts is created unnumbered; the Rulekeeper numbers it (`number-rule`) with the lowest number never used, numbers up to the highest in the ruleset (4E80) counting as used in earlier play. A bare rule number (15) means 4E15.',
    'Precedence (4E75): a rule "states otherwise" or says another takes precedence over it when its text says "that rule takes precedence", "the other rule takes precedence", "the latter takes precedence" or "takes precedence over this rule"; a rule says it takes precedence when its text says "this rule takes precedence over". Unnumbered rules come after numbered ones.',
    'Fora: every input without a channel is posted to the game\'s own record, a Public Forum. A chat channel is Private until the Registrar designates it (4E6 names no designator; the Registrar keeps the display of Fora).',
    'A free message in a Public Forum that states a vote ("I vote FOR proposal 3", "AGAINST #3" opening a sentence, "Proposal 3: SHELVE"; a bare number is a Proposal Number) or a Mental State ("I am Paranoid") is that Game Action (4E7, 4E0); other messages change nothing.',
    '"Without N objections" (4E21): the action may be taken on the 2nd, 3rd and 4th nday after the nday of the announcement. Where a rule gives its own time ("within 2 ndays", "in two rdays", "five ndays"), the action may be taken from then until 2 ndays later. Actions with both supporters and objections need both. Announcing is `announce`; taking the action is `perform-intent`, or the action itself naming the announced `intent` (with the announced arguments).',
    'The points -> mackerel exchange rate is stated twice in 4E34 ("exchange rate is 5.0 - that is, 1 point may be exchanged for m5"): an amendment of either statement alone changes it.',
    'Votes, Answers to Consultations and Tidbits are read regardless of capitalization and punctuation (4E7): "for", "AGAINST!", "Yes." and "creampuff" count.',
    'Approving a Public Display (4E50) patches the game state as of the announcement of the intent to Approve ("the time the Player attempted to Approve it"), then re-simulates every later input.',
    'A Jury (4E73) decides Guilty when more than half of its members answer GUILTY, and Not Guilty as soon as that can no longer happen. A fine never takes mackerel below zero. The Judge selects the Jury and the engine draws it.',
    'The Oracle may name the Priest or let the engine draw one among the eligible. The Pause of an Emergency is counted by the engine when it reaches 5 + n, in the Coordinator\'s name; a Refresh Proposal\'s changes that the engine cannot apply are left to the Coordinator.',
    'Victory Conditions, devices, Field Matches and Contracts carry code hosted under their rule with a limited API: a Victory Condition exports `trigger()` returning its Victors; a device exports one function per power; a Field Match exports `begin`, `field` and `object`; a Contract exports `mayJoin`, `mayLeave`, `mayChange`. A Victory Condition\'s Trigger is checked after every input; a win sets `game.winner` and the game goes on.',
    'Text of a passed proposal that the engine cannot read as changes (a `manual/ID` object) is resolved by the Chairman (`resolve-manual`), since 4E15 leaves "whether a particular part of the text is a gamestate change" to the Chairman. A Body in which no change can be read at all is such text too (a Body is instructions, not the text of a new rule); so is a Tweak\'s. A Ballot published this nweek before the end of nday 8 that lists every item fulfils the duty to publish one.',
    'The m100 for the least damage (4E74) goes to every living, Active Player (the Beast too, once Active) who inflicted the least damage; in an nweek without damage they all share it.',
    'A Corporation acts through its Officers (`corporate-action`, or acting as the agent `corporation/ID`). A Contract without code may be joined but neither left nor changed.',
    'No Socks, Tricks, blueprints, Victory Conditions or Field Matches exist at the start: the rules define them but create none. Nor does any rule say how Mojo is gained, so nobody can Raise the Dead until a proposal gives Mojo.',
  ],
};
