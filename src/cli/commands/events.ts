// `tm events [--type T] [--follow]`: the local organization's event ledger, one line per event on
// a terminal, NDJSON with --json or when piped; --csv and --output FILE export the list;
// --follow keeps polling for new events like `tail -f` until interrupted.
import type { Command } from 'commander';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from '../../context.js';
import { closeContext } from '../../context-open.js';
import { visible } from '../../core/terminal-text.js';
import { TmError } from '../../errors.js';
import { listEvents } from '../../ops/events/list-events.js';
import { contextFromGlobals, type GlobalOptions } from '../program.js';
import { fromZodError, outputMode, reportError } from '../output.js';
import { listShape } from '../views/list-rows.js';
import { addExportFlags, checkExportFlags, checkOutputPath, rowsCsv, writeResult, type ExportFlags } from '../views/export.js';
import { count } from '../views/words.js';

interface EventsFlags extends GlobalOptions, ExportFlags {
  type?: string[];
  portfolio?: string;
  trademark?: string;
  limit: string;
  follow?: boolean;
  interval: string;
}

type Envelope = Awaited<ReturnType<typeof listEvents.run>>['data'][number];

const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',').map((v) => v.trim()).filter(Boolean)];

const line = (e: Envelope, json: boolean): string => {
  if (json) return JSON.stringify(e);
  const data = (e.data ?? {}) as Record<string, unknown>;
  const about = data.trademark_id ?? data.alert_id ?? '';
  return visible(`${e.timestamp}  ${e.type.padEnd(24)}  ${e.id}  ${String(about)}`);
};

export const addEventsCommand = (program: Command): void => {
  const events = program
    .command('events')
    .description('List the event ledger (alert.created, trademark.status_changed, office_action.issued); --follow streams new ones')
    .option('--type <type>', 'only this event type (repeatable or comma-separated)', collect)
    .option('--portfolio <ptf_id>', 'only events of marks in this portfolio when recorded')
    .option('--trademark <tm_id>', 'only events of this mark')
    .option('--limit <n>', 'events per page read', '100')
    .option('-f, --follow', 'keep waiting for new events until interrupted')
    .option('--interval <ms>', 'with --follow, how often to look for new events', '1000');
  addExportFlags(events, true);
  events.action(async (_opts: unknown, command: Command) => {
    const o = command.optsWithGlobals<EventsFlags>();
    const mode = outputMode(o);
    // A terminal gets readable lines; anything else (a pipe, a file) gets NDJSON.
    const json = mode.json || !mode.tty || o.output !== undefined;
    // An export is a finished list; a stream goes to stdout (`--json >> file` keeps one).
    const exported = o.csv === true || o.output !== undefined;
    const kept: Envelope[] = [];
    let ctx: Context | null = null;
    let stopped = false;
    const stop = (): void => {
      stopped = true;
    };
    process.once('SIGINT', stop).once('SIGTERM', stop);
    try {
      const parsed = listEvents.input.safeParse({ type: o.type, portfolio_id: o.portfolio, trademark_id: o.trademark, limit: Number(o.limit) });
      if (!parsed.success) throw fromZodError(parsed.error, (key) => ({ portfolio_id: 'portfolio', trademark_id: 'trademark' })[key] ?? key);
      checkExportFlags(o);
      checkOutputPath(o.output);
      if (exported && o.follow) {
        throw new TmError('validation_error', `--follow streams to stdout; it cannot be combined with ${o.csv ? '--csv' : '--output'}.`, {
          param: 'follow',
          suggestion: 'Use `tm events --follow --json >> events.ndjson` to keep a stream.',
        });
      }
      ctx = await contextFromGlobals(o);
      let after: string | undefined;
      let cursor: string | undefined;
      for (;;) {
        const page = await listEvents.run(ctx, { ...parsed.data, after: cursor ? undefined : after, cursor });
        if (exported) kept.push(...page.data);
        else for (const e of page.data) process.stdout.write(`${line(e, json)}\n`);
        if (page.data.length > 0) after = page.data[page.data.length - 1]!.id;
        cursor = page.pagination.cursor ?? undefined;
        if (cursor) continue;
        if (!o.follow || stopped) break;
        await sleep(Math.max(50, Number(o.interval) || 1000));
        if (stopped) break;
      }
      if (exported) {
        const text = o.csv ? rowsCsv(kept, listShape(listEvents.output)?.columns) : kept.map((e) => `${line(e, true)}\n`).join('');
        writeResult(text, o.output, count(kept.length, 'event'));
      }
    } catch (err) {
      process.exitCode = reportError(err, mode);
    } finally {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      if (ctx) await closeContext(ctx);
    }
  });
};

