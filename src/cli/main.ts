// The `nomicon` command line: games, scenarios, formats, the server and the adapters.
import { Command } from 'commander';
import { registerDiscordCommand } from './commands/discord.js';
import { registerFormatCommands } from './commands/formats.js';
import { registerGameCommands } from './commands/games.js';
import { registerMailCommand } from './commands/mail.js';
import { registerScenarioCommand } from './commands/scenario.js';
import { registerServeCommand } from './commands/serve.js';

const program = new Command();
program
  .name('nomicon')
  .description('Nomicon: play Nomic, with rules that are text plus sandboxed TypeScript.')
  .showHelpAfterError()
  .configureHelp({ sortSubcommands: false });

registerServeCommand(program);
registerGameCommands(program);
registerScenarioCommand(program);
registerFormatCommands(program);
registerDiscordCommand(program);
registerMailCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  console.error(`nomicon: ${(error as Error).message}`);
  process.exitCode = 1;
}
