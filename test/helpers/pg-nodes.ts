// `tm serve` nodes for the tests of several nodes on one PostgreSQL database (issue 25): each a
// real process on a free port, spawned directly so its pid is the one that owns its leases.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface Node {
  child: ChildProcess;
  url: string;
  out: string;
}

/** Starts one `tm serve` on a free port and waits for its listening line. */
export const startNode = async (db: string, env: Record<string, string> = {}, ...args: string[]): Promise<Node> => {
  const bin = join(import.meta.dirname, '../../bin/tm.js');
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const node: Node = { child, url: '', out: '' };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (node.out += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (node.out += d));
  node.url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`tm serve exited ${code}: ${node.out}`)));
    const check = setInterval(() => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(node.out);
      if (m) {
        clearInterval(check);
        resolve(m[1]!);
      }
    }, 50);
  });
  return node;
};

/** Kills every node still running and waits for their exits. */
export const stopNodes = async (nodes: readonly Node[]): Promise<void> => {
  const running = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
  for (const n of running) n.child.kill('SIGKILL');
  await Promise.all(running.map((n) => new Promise((r) => n.child.once('exit', r))));
};
