// Running operations in tests as a surface would: input parsed by its schema, output checked
// against its schema; and catching the TmError an operation throws.
import { afterEach, beforeEach } from 'vitest';
import type { z } from 'zod';
import type { Context } from '../../src/context.js';
import { TmError } from '../../src/errors.js';
import type { OpDefinition } from '../../src/ops/define-op.js';
import { tempContext, type TempContext } from './factory.js';

export const callOp = async <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(ctx: Context, op: OpDefinition<I, O>, raw: unknown): Promise<z.infer<O>> =>
  op.output.parse(await op.run(ctx, op.input.parse(raw)));

/**
 * A new temporary store for each test of the file that calls it: `ctx` and `dir` are the current
 * test's, and `call(op, raw)` runs an operation on it as callOp does.
 */
export const tempContextPerTest = () => {
  let t: TempContext | undefined;
  beforeEach(() => {
    t = tempContext();
  });
  afterEach(async () => {
    await t?.cleanup();
  });
  const current = (): TempContext => {
    if (!t) throw new Error('tempContextPerTest: used outside a test');
    return t;
  };
  return {
    get ctx(): Context {
      return current().ctx;
    },
    get dir(): string {
      return current().dir;
    },
    call: <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(op: OpDefinition<I, O>, raw: unknown): Promise<z.infer<O>> => callOp(current().ctx, op, raw),
  };
};

export const errorOf = async (promise: Promise<unknown>): Promise<TmError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};
