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
    '213': 'A constraint on proposals for players and the Judge to apply; the win condition itself is Rule 212\'s code.',
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
  ],
};
