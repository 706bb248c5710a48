// A request's time budget (docs/operations.md): work that can run long checks it between steps
// and stops when it is spent. Elapsed time comes from the monotonic clock, never the wall clock
// (which TM_NOW may fix).
import { performance } from 'node:perf_hooks';

export interface Budget {
  /** True once the time is spent. */
  spent(): boolean;
  /** Set by the work that stopped short because of it. */
  cut: boolean;
}

export const timeBudget = (ms: number): Budget => {
  const end = performance.now() + ms;
  return { spent: () => performance.now() >= end, cut: false };
};
