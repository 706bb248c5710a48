// Test runner settings: every test under test/, run against the compiled-free sources.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most suites wait on child processes (tm serve, the CLI, PostgreSQL), so two workers on a
    // two-core machine halve the wall time where vitest's default (cores - 1) would run one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One line when the PostgreSQL suites are skipped (no TM_TEST_PG).
    globalSetup: ['test/helpers/pg-global-setup.ts'],
  },
});
