// Test runner settings: every test under test/, run against the compiled-free sources. The
// operation suites and a representative set of surface suites run a second time on PostgreSQL
// (the `postgres` project) when TM_TEST_PG names a server; test/helpers/test-backend.ts.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The suites that run on both backends: every operation suite, and surfaces covering search,
 *  watches and alerts, webhooks, portfolios, deadlines and clearance over the CLI, HTTP and MCP. */
const BOTH_BACKENDS = [
  'test/ops/**/*.test.ts',
  'test/store/design-key-backfill.test.ts',
  'test/surfaces/cli-search-all.test.ts',
  'test/surfaces/cli-watches.test.ts',
  'test/surfaces/cli-webhooks.test.ts',
  'test/surfaces/cli-portfolios.test.ts',
  'test/surfaces/cli-deadlines.test.ts',
  'test/surfaces/http-search.test.ts',
  'test/surfaces/number-filters.test.ts',
  'test/surfaces/http-watches.test.ts',
  'test/surfaces/http-webhooks.test.ts',
  'test/surfaces/http-portfolios.test.ts',
  'test/surfaces/http-deadlines-ics.test.ts',
  'test/surfaces/clearance-surfaces.test.ts',
  'test/surfaces/mcp-monitoring.test.ts',
  'test/surfaces/mcp-stdio.test.ts',
  'test/surfaces/id-prefixes.test.ts',
  'test/monitor/webhook-delivery.test.ts',
  'test/monitor/ssrf.test.ts',
  'test/monitor/ledger-projection.test.ts',
  'test/surfaces/http-feeds.test.ts',
  'test/surfaces/http-errors.test.ts',
  'test/surfaces/http-health.test.ts',
  'test/monitor/monitor-webhooks.test.ts',
  'test/surfaces/http-monitors.test.ts',
  'test/surfaces/http-tenancy.test.ts',
  'test/surfaces/http-isolation.test.ts',
  'test/surfaces/http-limits.test.ts',
  'test/surfaces/http-api.test.ts',
  'test/surfaces/http-openapi.test.ts',
  'test/surfaces/cli-complete-output.test.ts',
  'test/surfaces/cli-deadline-rules.test.ts',
  'test/surfaces/cli-flags.test.ts',
  'test/surfaces/cli-hostile-text.test.tsx',
  'test/surfaces/cli-ingest-unknown-keys.test.ts',
  'test/surfaces/cli-ingest.test.ts',
  'test/surfaces/cli-names.test.ts',
  'test/surfaces/cli-portfolios-import.test.ts',
  'test/surfaces/cli-reports.test.ts',
  'test/surfaces/cli-tty.test.ts',
  'test/surfaces/cli-wide.test.ts',
  'test/surfaces/cli-events.test.ts',
  'test/surfaces/cli-feeds.test.ts',
  'test/surfaces/cli-export.test.ts',
  'test/surfaces/cli-exit-codes.test.ts',
  'test/surfaces/cli-trust.test.ts',
  'test/surfaces/cli-manifest.test.ts',
  'test/surfaces/cli-progress.test.ts',
  'test/surfaces/cli-remote.test.ts',
  'test/surfaces/cli-words.test.ts',
  'test/surfaces/http-cluster.test.ts',
  'test/surfaces/ir-families.test.ts',
  'test/surfaces/http-prune.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most suites wait on child processes (tm serve, the CLI, PostgreSQL), so two workers on a
    // two-core machine halve the wall time where vitest's default (cores - 1) would run one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          // One line when the PostgreSQL suites are skipped (no TM_TEST_PG).
          globalSetup: ['test/helpers/pg-global-setup.ts'],
        },
      },
      ...(process.env.TM_TEST_PG
        ? [{
            extends: true,
            test: {
              name: 'postgres',
              include: BOTH_BACKENDS,
              // Scoring agreement over hundreds of searches: the judgement is the same code on both
              // backends, and test/store/search-backends.test.ts shows the same ranked rows on both.
              exclude: ['test/ops/judgement-surfaces.test.ts'],
              env: { TM_TEST_BACKEND: 'postgres' },
              globalSetup: ['test/helpers/pg-run-setup.ts'],
              setupFiles: ['test/helpers/pg-backend-setup.ts'],
            },
          }]
        : []),
    ],
  },
});
