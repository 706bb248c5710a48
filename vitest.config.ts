// Test runner settings: every test under test/, run against the compiled-free sources.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One line when the PostgreSQL suites are skipped (no TM_TEST_PG).
    globalSetup: ['test/helpers/pg-global-setup.ts'],
  },
});
