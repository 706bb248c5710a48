// `tm migrate`: applies the store's numbered migrations not yet applied, on either backend (a
// SQLite path or a postgres:// URL), and says which. A store is also migrated on first use; this
// is for an operator who upgrades `tm` and wants the schema changed before serving.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { closeContext } from '../../context-open.js';
import { contextFromGlobals, type GlobalOptions } from '../program.js';
import { outputMode, printJson, reportError } from '../output.js';

export const addMigrateCommand = (program: Command): void => {
  program
    .command('migrate')
    .description('Apply the store migrations not yet applied (SQLite path or postgres:// URL); a new store is migrated on first use too')
    .action(async (_opts: unknown, command: Command) => {
      const o = command.optsWithGlobals<GlobalOptions>();
      const mode = outputMode(o);
      let ctx: Context | null = null;
      try {
        ctx = await contextFromGlobals(o);
        const applied = await ctx.store.migrate();
        if (mode.json) printJson({ object: 'migration', backend: ctx.store.backend, store: ctx.store.path, applied });
        else process.stdout.write(`${ctx.store.backend} store ${ctx.store.path}: ${applied.length ? `applied ${applied.length === 1 ? 'migration' : 'migrations'} ${applied.join(', ')}` : 'up to date'}\n`);
      } catch (err) {
        process.exitCode = reportError(err, mode);
      } finally {
        if (ctx) await closeContext(ctx);
      }
    });
};
