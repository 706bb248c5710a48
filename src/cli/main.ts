// The `tm` executable: the registry's commands plus ingest, demo and the server surfaces. Names
// and flags come from the built manifest; only the command named on the line is built in full,
// and its modules load when it runs, so `tm --version` imports no operation at all.
import { Command } from 'commander';
import { createRequire } from 'node:module';
import { endQuietlyOnClosedPipe } from './closed-pipe.js';
import { addCommands, finishProgram } from './command-tree.js';
import { commandWord, loadManifest } from './manifest.js';

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

await addCommands(program, await loadManifest(), commandWord(process.argv.slice(2)));
finishProgram(program);

await program.parseAsync(process.argv);
