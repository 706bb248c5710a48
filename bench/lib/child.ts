// Runs one measurement in a child Node process so its peak RSS is its own, not the parent's
// (the parent may hold a generated corpus or earlier results). The child calls reportToParent()
// once; the parent gets that object back with the child's peak RSS and wall time.
import { spawn } from 'node:child_process';
import { peakRssBytes } from './machine.js';

const MARK = 'BENCH_RESULT ';

export interface ChildResult<T> {
  result: T;
  /** Peak resident set size of the child (VmHWM), bytes. */
  peak_rss_bytes: number;
  /** Wall time of the whole child process, including Node start-up, ms. */
  wall_ms: number;
  /**
   * CPU time (user + system) the child used, ms: on a shared machine, work per CPU-second is
   * steadier than per wall-second (the main thread plus libuv and GC threads all count).
   */
  cpu_ms: number;
}

/** Child side: print the result line the parent waits for. */
export const reportToParent = (result: unknown): void => {
  const cpu = process.cpuUsage();
  const payload = { result, peak_rss_bytes: peakRssBytes(), cpu_ms: (cpu.user + cpu.system) / 1000 };
  process.stdout.write(`${MARK}${JSON.stringify(payload)}\n`);
};

/**
 * Parent side: runs `node [nodeArgs] script args`, passes the child's stderr through (progress),
 * and resolves with the child's reported result. Rejects when the child fails or reports nothing.
 */
export const runInChild = <T>(
  script: string,
  args: readonly string[],
  nodeArgs: readonly string[] = ['--expose-gc'],
): Promise<ChildResult<T>> =>
  new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(MARK));
      if (code !== 0 || !line) {
        reject(new Error(`${script} ${args.join(' ')} exited with ${code}${line ? '' : ' and reported no result'}\n${out.slice(-2000)}`));
        return;
      }
      const parsed = JSON.parse(line.slice(MARK.length)) as { result: T; peak_rss_bytes: number; cpu_ms: number };
      resolvePromise({ ...parsed, wall_ms: performance.now() - started });
    });
  });
