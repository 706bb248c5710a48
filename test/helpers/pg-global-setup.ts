// Says once per test run when the PostgreSQL suites are skipped, and how to run them.
export default function setup(): void {
  if (!process.env.TM_TEST_PG) {
    process.stdout.write('PostgreSQL suites (store, operations, surfaces) skipped: set TM_TEST_PG=postgres://USER@HOST:5432/postgres to run it (CI sets it in .ci/run).\n');
  }
}
