// The numbered migrations, applied in order inside one transaction each. Add a file, add a line.
import { sql as core } from './001-core.js';

export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'core', sql: core },
];
