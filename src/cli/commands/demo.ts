// `tm demo`: a newcomer's first run. Ingests the bundled real office files into a fresh demo
// store, then shows what tm does with them: counts, a sound-alike search, a look-alike search,
// one mark's term and deadlines, and the docket. Every number printed comes from the files.
import type { Command } from 'commander';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { closeContext, createContext, type Context } from '../../context.js';
import { packagePath } from '../../data-files.js';
import { recordFilesUnder } from '../../ingest/formats.js';
import { ingestFiles } from '../../ingest/pipeline.js';
import { getStats } from '../../ops/get-stats.js';
import { getTrademark } from '../../ops/get-trademark.js';
import { listDeadlines } from '../../ops/list-deadlines.js';
import { searchTrademarks } from '../../ops/search-trademarks.js';
import type { OpDefinition } from '../../ops/define-op.js';
import { loadConfig } from '../../config.js';
import { outputMode, printJson, reportError } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { renderHuman } from '../views/index.js';


const headingLine = (text: string, command: string): void => {
  process.stdout.write(`\n── ${text}\n   $ ${command}\n\n`);
};

/** Shows one step as its view, or, with `--json`, keeps its output for the one JSON document printed at the end. */
const show = async (ctx: Context, op: OpDefinition, input: unknown, json: Record<string, unknown> | null, key: string): Promise<void> => {
  const output = await op.run(ctx, op.input.parse(input));
  if (json) json[key] = output;
  else await renderHuman(op.name, output);
};

export const addDemoCommand = (program: Command): void => {
  program
    .command('demo')
    .description('Ingest the bundled real office files into a fresh demo store and show what tm finds')
    .action(async (_opts: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const db = globals.db ?? join(loadConfig().home, 'demo.db');
      let ctx: Context | null = null;
      try {
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
        ctx = createContext({ db, now: globals.asOf ? `${globals.asOf}T12:00:00.000Z` : undefined });
        const files = recordFilesUnder(packagePath('fixtures'));
        const summary = await ingestFiles(ctx, files);
        const json: Record<string, unknown> | null = globals.json ? { object: 'demo', db, ingest: summary } : null;
        const heading = json ? () => undefined : headingLine;
        if (!json) process.stdout.write(
          `Ingested ${summary.records} real records from ${summary.files - summary.failed_files.length} office files ` +
            `(USPTO daily XML and TSDR ST.66/ST.96/JSON, EUIPO, other offices) into ${db}\n` +
            (summary.failed_files.length === 1
              ? '(1 bundled file holds no trademark record and was passed over.)\n'
              : `(${summary.failed_files.length} bundled files hold no trademark record and were passed over.)\n`),
        );
        heading('What is in the store', `tm --db ${db} stats`);
        await show(ctx, getStats, {}, json, 'stats');
        heading('Sound-alikes of "PITHON" (phonetic channel on)', `tm --db ${db} search PITHON --similarity phonetic,fuzzy`);
        await show(ctx, searchTrademarks, { q: 'PITHON', similarity: ['phonetic', 'fuzzy'], limit: 5 }, json, 'sound_alikes');
        heading('Look-alikes of "J4VA" (digit for letter)', `tm --db ${db} search J4VA`);
        await show(ctx, searchTrademarks, { q: 'J4VA', limit: 5 }, json, 'look_alikes');
        heading('One mark: its term and deadlines, computed under US law', `tm --db ${db} show US:76044902`);
        await show(ctx, getTrademark, { id: 'US:76044902' }, json, 'trademark');
        heading('The docket: next deadlines across every stored mark', `tm --db ${db} deadlines --limit 8`);
        await show(ctx, listDeadlines, { limit: 8 }, json, 'deadlines');
        if (json) printJson(json);
        else
          process.stdout.write(
          `\nNext: tm ingest <your office files>, tm search <mark>, tm deadlines --ics > docket.ics, tm serve.\n` +
            `Run tm --help for every command.\n`,
        );
      } catch (err) {
        process.exitCode = reportError(err, outputMode(globals));
      } finally {
        if (ctx) await closeContext(ctx);
      }
    });
};
