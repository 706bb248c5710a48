// The `tm` executable: the registry's commands plus ingest, demo and the server surfaces.
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { endQuietlyOnClosedPipe } from './closed-pipe.js';
import { addDemoCommand } from './commands/demo.js';
import { addDeliverCommand } from './commands/deliver.js';
import { addEventsCommand } from './commands/events.js';
import { addIngestCommand } from './commands/ingest.js';
import { addServerCommands } from './commands/servers.js';
import { addOperationCommands, finishProgram } from './program.js';

endQuietlyOnClosedPipe();

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

const program = new Command('tm')
  .description('Trademark intelligence: ingest office data, search by sound, look and meaning, compute deadlines.')
  .version(version)
  // One line and a hint, not the whole help (commander adds "Did you mean …?" for a near miss).
  .showHelpAfterError('(add --help to the command to list its flags)')
  .configureOutput({ outputError: (text, write) => write(`tm: ${text.replace(/^error: /, '')}`) })
  .exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });

addIngestCommand(program);
addOperationCommands(program);
addServerCommands(program);
addEventsCommand(program);
addDeliverCommand(program);
addDemoCommand(program);
finishProgram(program);

await program.parseAsync(process.argv);
