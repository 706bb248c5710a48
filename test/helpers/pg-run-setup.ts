// Global setup of the `postgres` project: one migrated template database for the run, every
// database of the run (template and workers' copies) dropped at its end.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropDatabases } from './pg-reset.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = `tm_run_${randomBytes(4).toString('hex')}`;
  await createTemplate(`${run}_tpl`);
  project.provide('pgRun', run);
  return () => dropDatabases(`${run}_`);
}
