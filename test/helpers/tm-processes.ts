// Real `tm` processes for tests that need more than one process on a store: the CLI through
// execa on bin/tm.js, and `tm serve` on 127.0.0.1 port 0, read from its "listening on" line.
import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';

export type TmEnv = Record<string, string>;

const BIN = 'bin/tm.js';

/** Runs one CLI command to completion; never rejects (check exitCode). */
export const tmCli = (env: TmEnv) => (...args: string[]) => execa('node', [BIN, ...args], { env, reject: false });

/** Starts a CLI command and returns the running process (to kill it, or to await it). */
export const tmSpawn = (env: TmEnv, ...args: string[]): ResultPromise<{ env: TmEnv; reject: false }> =>
  execa('node', [BIN, ...args], { env, reject: false });

export interface RunningServe {
  url: string;
  /** Every line the server printed on stdout. */
  lines: string[];
  stop(): Promise<void>;
}

/** `tm serve --workers 1 --port 0`, resolved once it listens. */
export const startServe = async (env: TmEnv, ...args: string[]): Promise<RunningServe> => {
  const proc = execa('node', [BIN, 'serve', '--port', '0', '--workers', '1', ...args], { env, reject: false });
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      lines.push(line);
      const m = /listening on (\S+)/.exec(line);
      if (m) resolve(m[1]!);
    });
    void proc.then((r) => reject(new Error(`tm serve exited ${r.exitCode}: ${r.stderr}`)));
  });
  return {
    url,
    lines,
    stop: async () => {
      proc.kill('SIGTERM');
      await proc;
    },
  };
};

/** An organization and a read key, made through the CLI. */
export const readKey = async (env: TmEnv): Promise<string> => {
  const tm = tmCli(env);
  const org = JSON.parse((await tm('orgs', 'create', 'Load Test', '--json')).stdout) as { id: string };
  const key = JSON.parse((await tm('keys', 'create', '--org', org.id, '--scopes', 'trademarks:read', '--json')).stdout) as { secret: string };
  return key.secret;
};
