// Preset gnomic: Gnomic (seeds/002_142b4867bb310721.txt), each mechanizable rule carrying its code in
// rules/NUMBER.ts. Rules whose subject needs people say why below; the rules the ruleset lists as
// void stay in the ruleset, marked void by Rule 110's code, and carry no code.
import type { PresetDefinition } from '../../engine/preset.js';

const VOID = 'Void ("conflicting rule", as the ruleset records; Rule 110 marks it `void`): it stays in the ruleset but is not in effect, so it carries no code. A Judge or a proposal that restores it (sets `void` to false) leaves it to people until a proposal gives it code.';

export const gnomic: PresetDefinition = {
  name: 'gnomic',
  title: 'Gnomic',
  description: 'Gnomic (1999), played on a web message board, in chat and by e-mail: named rules renumbered by every amendment, one to three proposals a turn, meta-amendments, secret ballots sent to the proponent, complex rule numbers and scores, Greek-letter and vowel bonuses, UNRULEWORTHY shouts, and void rules kept in the ruleset.',
  seedFile: '002_142b4867bb310721.txt',
  dir: new URL('./', import.meta.url),
  enforcedByPeople: {
    '101': 'Obedience to the rules in effect: the engine enforces the mechanized rules and people judge the rest (Rule 212). The Initial Set\'s Rule 0 is not in the published ruleset.',
    '102': 'Initial mutability is part of each rule as imported (the 100s immutable, the rest mutable); later transmutations are rule-changes (Rules 103, 109) and new rules are mutable (Rule 103\'s code).',
    '115': 'A principle: no rule\'s code refuses a rule-change for its self-reference, so rule-changes that amend or repeal their own authority are as permissible as others.',
    '302': 'Holds by construction: a proposal is posted (recorded with its text and changes) before anyone can vote on it, and what takes effect is exactly the text and changes voted on (a change after posting invalidates the votes: Rule 401).',
    '303': VOID,
    '324': VOID,
    '334': VOID,
    '349': 'A definition of e-mail and posting for the media the engine connects to (web, chat, e-mail); whether a medium keeps ballots secret is for people.',
    '364': 'The official language and the tolerance of typing errors are for people and the Judge.',
    '366': VOID,
    '370': VOID,
    '381': VOID,
    '382': VOID,
    '399': VOID,
    '412': VOID,
    '419': VOID,
  },
  readings: [
    '`game.turn` is the player whose turn it is; `game.turnNumber` counts turns and `game.turnPhase` is `proposing`, `voting`, `complete`, `awaiting-consent` (Rule 212) or `over` (after a win).',
    'Proposals and meta-amendments ("hacks", Rule 418) are `proposal` objects: `kind` is `proposal` or `meta-amendment`, `parent` and `root` link a meta-amendment to what it amends, `level` is its depth (kappa of Rule 421). A hack is voted on from its posting (status `voting`) until its votes are counted (`counted`) and its tree is decided (`adopted` or `rejected`); `void` when shouted UNRULEWORTHY (Rule 383) or when its proponent leaves before posting its votes.',
    'Numbering (Rule 108) begins at 301 when a game begins (Rule 304: "a number between 0 and 10 for the first player"), passing over every number a rule of the ruleset already has (302, 303, 304, 310, ...), so that no two rules share a number. Precedents (Rule 327) take numbers from the same sequence.',
    'A proposal is one rule change (Rules 103, 108): it may enact, amend, repeal or transmute one rule (a transmutation and an amendment of the same rule together are allowed). The rule it enacts gets the proposal\'s number and its title as name; a rule it amends or transmutes is renumbered to the proposal\'s number (or the meta-amendment\'s, when a meta-amendment took effect instead). An amended rule keeps its name unless the proposal retitles it.',
    'Rule 390 limits a turn\'s proposals: without a sacrifice mu = 1, so a player makes one proposal, or up to three by sacrificing at least 2π (resp. 4π) percent of their score. Rule 359\'s "the number of proposals allowed by Rule 304" is that allowance.',
    'Votes (Rule 105\'s `vote`) are ballots sent to the proponent (Rule 402): secret from everyone but the proponent and the voter until the proponent posts them (`post-votes`), which he may do once everyone has voted or 72 hours after the posting. `votesFor`/`votesAgainst` are null until then. In chat mode ballots are public and a vote is counted as soon as every active player has voted.',
    'A rule-change is adopted when more eligible voters vote for it than against (Rule 322); abstentions and missing votes are neither. Without any rule setting the required votes, Rule 104 is read as requiring every eligible voter. Eligible voters are the players in the game when the votes are counted.',
    '"The fraction of favourable votes it received" (Rule 304) is votes for / (votes for + votes against); "the total number of voters" of Rule 421 is likewise votes for + votes against.',
    'Rule 421\'s text for failed meta-amendments is damaged (a sentence breaks off, "where pi is defined as above"); read in its spirit, rho is the proposal\'s quantity (omicron - 291) halved kappa times, rounding up, so a failed meta-amendment costs at most half what a failed proposal does.',
    'Rule 304\'s points are scored by the turn\'s proposals whether adopted or not; a meta-amendment scores only Rule 401\'s half share, and only if it was adopted (it passed and what it amends was adopted). When several meta-amendments of one hack pass, the one with most votes for (then the earliest) takes effect; the others are rejected without penalty (Rule 421 (1)).',
    'A proposal takes effect (Rule 205) when its own votes and those of all its meta-amendments are counted, and for a contingent proposal when the proposal it depends on is decided; "accepted" means adopted, "rejected" means not adopted (void included). A contingent proposal whose condition is not achieved is rejected and scores no points, but is not penalized (it did not fail its vote).',
    'Rule 310\'s "100 or 2/p times the sum" is the greater of the two (the smaller would be 0 at the start, and everyone would win at once). Active players are the players in the game who have not declared themselves inactive (which Rule 347 allows in chat mode only, Rule 303 being void).',
    'Complex scores (Rule 369): a player\'s score is `points` + `pointsI`·i; `realScore` is its real score, used wherever scores are compared (winning, thresholds, Rule 373\'s 30-point floor, Rule 390\'s lambda limit, Rule 325\'s starting score). Rule 372\'s P is the real part of the points the proposal received. A complex rule (made by a complex-numbered hack) is marked `complex` and its code `suspended`: no player may follow it.',
    'Rule 394 counts every whole-word Greek letter name in a hack\'s text (pi included) as used to represent a number; the Judge may correct a score when letters are bound to the same value.',
    'Rule 212\'s "player preceding the one moving" is the player before the one whose turn it is, in the alphabetical playing order. The Judge\'s `agree` says whether the invoker is right (Rule 373). Overruling reverses Rule 373\'s award and penalty but not the Judge\'s corrections; the new Judge may correct them.',
    'Rule 327: a decided Judgment is complete when the next turn begins without it being overruled; it is then recorded as a new rule (numbered like a rule change, Rule 108) or appended to the disputed rule when the Judge names one that can be amended.',
    'Rule 325\'s "rounded to next integer" is rounding to the nearest integer (Rule 407), and "the average score of the players in the game" is the average of their real scores.',
    'Chat mode (Rule 347) ends by itself only (a player who is not inactive going away, or fifteen minutes without an action or a message); e-mail mode ends when any player asks for web mode. When chat mode ends every player is active again.',
    'Rule 371 treats two hacks of a player in one turn with the same changes as "the same", and two that amend the same rule as direct amendments of the same rule, meta-amendments included (Rule 418\'s old usage); other redundancy is for the Judge.',
    'Rule 423\'s sentence boundaries: a replaced section starts at the beginning of the rule or after a sentence end (., !, ?, :) or a line break, and ends with ., ! or ? at the end of the rule or before white space.',
    'After a win (Rule 112: a real score of at least n; Rule 213: the player whose turn it is when play cannot continue or a move is judged equally legal and illegal) no further turn begins: Rule 334, which would start a new game, is void.',
    'There is no `withdraw` or `call-vote`: every proposal is voted on from its posting (Rule 104), and a proponent may only change his proposal, which invalidates the votes cast on it (Rule 401). Gnomic names no roles: the Judge is whoever precedes the player whose turn it is.',
    'Whether a proposal is unruleworthy (Rules 383, 410) is for the shouter and the Judge: the shout names one of the listed grounds and voids the proposal at once.',
  ],
};
