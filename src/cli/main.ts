// The `tm` executable: the registry's commands plus ingest, demo and the server surfaces. Names
// and flags come from the built manifest; only the command named on the line is built in full,
// and its modules load when it runs. `tm --version` alone is answered before commander or the
// manifest load at all (issue 26.12: it is the start-up floor every command is measured from).
import { createRequire } from 'node:module';
import { endQuietlyOnClosedPipe } from './closed-pipe.js';

endQuietlyOnClosedPipe();

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };
const argv = process.argv.slice(2);

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // What commander prints for .version(): the version and a newline.
  process.stdout.write(`${version}\n`);
} else {
  const [{ Command }, { addCommands, finishProgram }, { commandWord, loadManifest }] = await Promise.all([
    import('commander'),
    import('./command-tree.js'),
    import('./manifest.js'),
  ]);
  const program = new Command('tm')
    .description('Trademark intelligence: ingest office data, search by sound, look and meaning, compute deadlines.')
    .version(version)
    // One line and a hint, not the whole help (commander adds "Did you mean …?" for a near miss).
    .showHelpAfterError('(add --help to the command to list its flags)')
    .configureOutput({ outputError: (text, write) => write(`tm: ${text.replace(/^error: /, '')}`) })
    .exitOverride((err) => {
      process.exit(err.exitCode === 0 ? 0 : 2);
    });

  await addCommands(program, await loadManifest(), commandWord(argv));
  finishProgram(program);

  await program.parseAsync(process.argv);
}
