// Running operations in tests as a surface would: input parsed by its schema, output checked
// against its schema; and catching the TmError an operation throws.
import type { z } from 'zod';
import type { Context } from '../../src/context.js';
import { TmError } from '../../src/errors.js';
import type { OpDefinition } from '../../src/ops/define-op.js';

export const callOp = async <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(ctx: Context, op: OpDefinition<I, O>, raw: unknown): Promise<z.infer<O>> =>
  op.output.parse(await op.run(ctx, op.input.parse(raw)));

export const errorOf = async (promise: Promise<unknown>): Promise<TmError> => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TmError) return err;
    throw err;
  }
  throw new Error('expected a TmError');
};
