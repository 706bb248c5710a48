// The operation registry: every public operation, in one list. Surfaces are built from it; a new
// operation is one new file in this folder plus one line here.
import type { OpDefinition } from './define-op.js';
import { getTrademark } from './get-trademark.js';

export const OPERATIONS: readonly OpDefinition[] = [
  getTrademark,
];

export const findOperation = (name: string): OpDefinition | undefined => OPERATIONS.find((op) => op.name === name);
