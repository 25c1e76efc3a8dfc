// The bot's slash commands: their definitions for Discord, and how each one's options become a game action's arguments.
import { SlashCommandBuilder, type ChatInputCommandInteraction, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { JsonObject } from '../../kernel/types.js';

const proposalOption = <B extends Pick<SlashCommandBuilder, 'addStringOption'>>(b: B, required: boolean) =>
  b.addStringOption((o) => o.setName('proposal').setDescription('The proposal: its number (301) or its id').setRequired(required).setMaxLength(100));

/** Every command the bot registers in a game's guild. */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const propose = new SlashCommandBuilder().setName('propose').setDescription('Submit a proposal to the game')
    .addStringOption((o) => o.setName('text').setDescription('The proposal as you would write it: its rule-changes').setRequired(true).setMaxLength(6000))
    .addStringOption((o) => o.setName('title').setDescription('A short title').setMaxLength(200));
  const vote = new SlashCommandBuilder().setName('vote').setDescription('Vote on the proposal up for vote, in your own words')
    .addStringOption((o) => o.setName('vote').setDescription('Your vote, in the words the rules accept').setRequired(true).setMaxLength(200));
  proposalOption(vote, false);
  const endorse = proposalOption(new SlashCommandBuilder().setName('endorse').setDescription('Endorse a proposal'), true);
  const withdraw = proposalOption(new SlashCommandBuilder().setName('withdraw').setDescription('Withdraw your proposal'), true);
  const judgment = new SlashCommandBuilder().setName('judgment').setDescription('Invoke Judgment on a question')
    .addStringOption((o) => o.setName('question').setDescription('The disagreement: the move or the meaning in question').setRequired(true).setMaxLength(4000));
  const act = new SlashCommandBuilder().setName('act').setDescription('Perform any action the rules define')
    .addStringOption((o) => o.setName('action').setDescription('The action, like declare-inactive or unendorse').setRequired(true).setMaxLength(100))
    .addStringOption((o) => o.setName('args').setDescription('Its arguments as JSON, like {"proposal": "301"}').setMaxLength(6000));
  const rule = new SlashCommandBuilder().setName('rule').setDescription('Show a rule')
    .addStringOption((o) => o.setName('number').setDescription('The rule number, like 203').setRequired(true).setMaxLength(40));
  const ruleset = new SlashCommandBuilder().setName('ruleset').setDescription('The whole ruleset as a file')
    .addStringOption((o) => o.setName('format').setDescription('slr: text only; flr: with history').addChoices(
      { name: 'short (SLR)', value: 'slr' }, { name: 'full (FLR)', value: 'flr' }, { name: 'markdown', value: 'markdown' }));
  const status = new SlashCommandBuilder().setName('status').setDescription('The turn, the vote, the queue and the players');
  const link = new SlashCommandBuilder().setName('link').setDescription('Link your Discord account to your Nomicon account')
    .addStringOption((o) => o.setName('code').setDescription('The one-time code from the web').setRequired(true).setMaxLength(40));
  return [propose, vote, endorse, withdraw, judgment, act, rule, ruleset, status, link].map((b) => b.toJSON());
}

export type CommandKind = 'act' | 'read' | 'link';

export function commandKind(name: string): CommandKind | undefined {
  if (['propose', 'vote', 'endorse', 'withdraw', 'judgment', 'act'].includes(name)) return 'act';
  if (['rule', 'ruleset', 'status'].includes(name)) return 'read';
  if (name === 'link') return 'link';
  return undefined;
}

/** The action and arguments a command asks for; `actions` maps command names to the game's action names. */
export function actionOf(i: ChatInputCommandInteraction, actions: Record<string, string>): { action: string; args: JsonObject } | { error: string } {
  const opt = (name: string) => i.options.getString(name) ?? undefined;
  const name = i.commandName;
  if (name === 'act') {
    const raw = opt('args');
    let args: JsonObject = {};
    if (raw) {
      try {
        const value = JSON.parse(raw) as unknown;
        if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
        args = value as JsonObject;
      } catch {
        return { error: 'args must be a JSON object, like {"proposal": "301"}' };
      }
    }
    return { action: opt('action')!, args };
  }
  const action = actions[name]!;
  switch (name) {
    case 'propose':
      return { action, args: { text: opt('text')!, ...(opt('title') ? { title: opt('title')! } : {}) } };
    case 'vote':
      return { action, args: { vote: opt('vote')!, ...(opt('proposal') ? { proposal: opt('proposal')! } : {}) } };
    case 'endorse':
    case 'withdraw':
      return { action, args: { proposal: opt('proposal')! } };
    case 'judgment':
      return { action, args: { question: opt('question')! } };
    default:
      return { error: `/${name} is not a game action` };
  }
}
