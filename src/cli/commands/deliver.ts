// `tm deliver --once`: the webhook delivery worker for cron and CI: posts every delivery due now,
// prints what it attempted, and exits. Retries due later stay queued.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { closeContext } from '../../context-open.js';
import { deliverOnce } from '../../ops/webhooks/delivery-service.js';
import { contextFromGlobals, type GlobalOptions } from '../program.js';
import { outputMode, printJson, reportError } from '../output.js';
import { TmError } from '../../errors.js';
import { count } from '../views/words.js';

export const addDeliverCommand = (program: Command): void => {
  program
    .command('deliver')
    .description('Deliver queued webhook events (run from cron or CI; tm serve delivers continuously)')
    .option('--once', 'deliver what is due now and exit (the only mode; tm serve runs the continuous worker)')
    .option('--allow-private-webhooks', 'let webhook endpoints be private or loopback addresses')
    .option('--concurrency <n>', 'deliveries in flight at once', '64')
    .action(async (_opts: unknown, command: Command) => {
      const o = command.optsWithGlobals<GlobalOptions & { once?: boolean; allowPrivateWebhooks?: boolean; concurrency: string }>();
      const mode = outputMode(o);
      let ctx: Context | null = null;
      try {
        if (!o.once) throw new TmError('validation_error', 'tm deliver needs --once; tm serve runs the continuous delivery worker.', { param: 'once' });
        const concurrency = Number(o.concurrency);
        if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 1024) {
          throw new TmError('validation_error', `--concurrency must be a whole number from 1 to 1024, got ${o.concurrency}.`, { param: 'concurrency' });
        }
        if (o.allowPrivateWebhooks) process.env.TM_ALLOW_PRIVATE_WEBHOOKS = '1';
        ctx = await contextFromGlobals(o);
        const result = await deliverOnce(ctx, { concurrency });
        if (mode.json) printJson(result);
        else process.stdout.write(`delivered: ${count(result.attempted, 'attempt')}\n`);
      } catch (err) {
        process.exitCode = reportError(err, mode);
      } finally {
        if (ctx) await closeContext(ctx);
      }
    });
};
