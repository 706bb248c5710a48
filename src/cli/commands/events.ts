// `tm events [--type T] [--follow]`: the local organization's event ledger, one line per event
// (NDJSON with --json); --follow keeps polling for new events like `tail -f` until interrupted.
import type { Command } from 'commander';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeContext, type Context } from '../../context.js';
import { listEvents } from '../../ops/events/list-events.js';
import { contextFromGlobals, type GlobalOptions } from '../program.js';
import { fromZodError, outputMode, reportError } from '../output.js';

interface EventsFlags extends GlobalOptions {
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
  return `${e.timestamp}  ${e.type.padEnd(24)}  ${e.id}  ${String(about)}`;
};

export const addEventsCommand = (program: Command): void => {
  program
    .command('events')
    .description('List the event ledger (alert.created, trademark.status_changed, office_action.issued); --follow streams new ones')
    .option('--type <type>', 'only this event type (repeatable or comma-separated)', collect)
    .option('--portfolio <ptf_id>', 'only events of marks in this portfolio when recorded')
    .option('--trademark <tm_id>', 'only events of this mark')
    .option('--limit <n>', 'events per page read', '100')
    .option('-f, --follow', 'keep waiting for new events until interrupted')
    .option('--interval <ms>', 'with --follow, how often to look for new events', '1000')
    .action(async (_opts: unknown, command: Command) => {
      const o = command.optsWithGlobals<EventsFlags>();
      const mode = outputMode(o);
      let ctx: Context | null = null;
      let stopped = false;
      const stop = (): void => {
        stopped = true;
      };
      process.once('SIGINT', stop).once('SIGTERM', stop);
      try {
        const parsed = listEvents.input.safeParse({ type: o.type, portfolio_id: o.portfolio, trademark_id: o.trademark, limit: Number(o.limit) });
        if (!parsed.success) throw fromZodError(parsed.error, (key) => ({ portfolio_id: 'portfolio', trademark_id: 'trademark' })[key] ?? key);
        ctx = contextFromGlobals(o);
        let after: string | undefined;
        let cursor: string | undefined;
        for (;;) {
          const page = await listEvents.run(ctx, { ...parsed.data, after: cursor ? undefined : after, cursor });
          for (const e of page.data) process.stdout.write(`${line(e, mode.json)}\n`);
          if (page.data.length > 0) after = page.data[page.data.length - 1]!.id;
          cursor = page.pagination.cursor ?? undefined;
          if (cursor) continue;
          if (!o.follow || stopped) break;
          await sleep(Math.max(50, Number(o.interval) || 1000));
          if (stopped) break;
        }
      } catch (err) {
        process.exitCode = reportError(err, mode);
      } finally {
        process.off('SIGINT', stop).off('SIGTERM', stop);
        if (ctx) await closeContext(ctx);
      }
    });
};
