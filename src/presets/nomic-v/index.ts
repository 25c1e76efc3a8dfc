// Preset nomic-v: Nomic V's initial ruleset (seeds/001), each mechanizable rule carrying its code
// in rules/NUMBER.ts. Rules whose subject needs people say why below.
import type { PresetDefinition } from '../../engine/preset.js';

export const nomicV: PresetDefinition = {
  name: 'nomic-v',
  title: 'Nomic V',
  description: 'A modern initial ruleset written for a Discord game: a proposal queue ordered by endorsements, 24-hour turns, vote phrases, a randomly drawn Judge and server moderators.',
  seedFile: '001_8ae27d7cb3ca91a4.txt',
  dir: new URL('./', import.meta.url),
  enforcedByPeople: {
    '101': 'Obedience to the rules in effect: the engine enforces the mechanized rules; people judge the rest.',
    '102': 'Initial mutability is part of each rule as loaded; later transmutations are rule-changes (Rule 108).',
    '104': 'Proposals are written down by construction: a proposal is its text and parsed changes, voted on as written.',
    '105': 'Adoption by the required votes is mechanized by Rules 204 and 108.',
    '106': 'Mechanized by Rule 205 (changes take effect at the start of the next turn, never earlier).',
    '111': 'The emergency brake of the engine (`nomicon brake`) keeps adoption possible whatever rule code does.',
    '113': 'Votes that are not one of Rule 210\'s phrases are refused as "not a vote" (Rule 204\'s vote action).',
    '116': 'A principle for the Judge: the engine permits whatever no rule\'s code refuses.',
    '208': 'Mechanized by Rule 204: each player has exactly one current vote per proposal.',
    '211': 'Nomicon is the bot: no section of these rules is void for want of one.',
  },
  readings: [
    '`game.turn` is the number of the current turn (Nomic V turns belong to no player).',
    'A proposal replaced by its author\'s newer one (Rule 201) becomes `void`; one the author removes becomes `withdrawn`.',
    'Votes count only while the voter is active; the tally (`votesFor`, `votesAgainst`) is recounted whenever activity changes.',
    'A simple majority of votes in favour means more votes for than against; a tie, or no votes, is not adopted.',
    'When a proposal enacts several rules, the first gets the proposal\'s number and the others `N-2`, `N-3`, ...',
    'Deleting a vote message does not alter the voting record (Rule 209 forbids it); editing one removes that vote.',
    'Rule 207\'s required actions: deciding a question as Judge (48 hours from the appointment).',
    'A Judge may decide a question with corrections (changes to game state) or declare a move equally legal and illegal (Rule 215).',
    'When a turn ends at the very instant a Judge\'s 48 hours run out (Rule 207), the vote closes first: the Judge was active for the whole of it.',
    '"Replace X with Y" where X occurs more than once in the rule (Rules 206 and 214 repeat a paragraph) replaces every occurrence.',
    'A proposal that enacts one rule without a title of its own gives that rule the proposal\'s title.',
    'The numbers the code enforces are read from the rules\' text in the wordings an amendment is likely to use: "The length of a turn is 12 hours", "have 24 hours to perform", "achieve 50 points" (without "(positive)"); Rule 204 amended to "a two-thirds majority" (or "2/3", "75%") needs at least that share of the votes in favour.',
    'Rule 213: a proposal that would amend the win condition so it no longer says "achieve N points" is refused when proposed; changing N is allowed, and repealing Rule 212 is not read as altering what constitutes winning.',
    'A turn starts as an input of its own after the vote closes. If a rule\'s code breaks that input (it faults, or changes other rules against Rule 112, when a turn begins), the turn starts anyway without raising the turn events, first with the adopted changes in effect and, failing that, without them (Rule 111).',
    'Rule 215: when an adopted rule-change makes the rules unable to go on (they never settle), the vote on it is over, so the proposer at the front of the Proposal Queue at that moment wins.',
    'Rule 112: besides changing its own text or repealing itself, a rule may keep bookkeeping attributes and notes on itself (not its mutability, number, text or code).',
    'The players a game starts with are made by Rule 206 ("All players start the game as active"), so they exist even when the game starts without Rule 216.',
  ],
};
