// Describes the machine a benchmark ran on, so every result file says what hardware and Node
// produced its numbers (results are only comparable on the same kind of machine).
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  os: string;
  kernel: string;
  arch: string;
  cpu_model: string;
  cores: number;
  memory_gb: number;
  node: string;
}

/** Prefers /proc/cpuinfo's model name: os.cpus() is empty in some containers. */
const cpuModel = (): string => {
  const fromNode = os.cpus()[0]?.model?.trim();
  if (fromNode) return fromNode;
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

const osName = (): string => {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(release)?.[1];
    if (pretty) return pretty;
  } catch {
    // not Linux: fall through to the platform name
  }
  return `${os.type()} ${os.release()}`;
};

export const machineInfo = (): MachineInfo => ({
  os: osName(),
  kernel: `${os.type()} ${os.release()}`,
  arch: os.arch(),
  cpu_model: cpuModel(),
  cores: os.availableParallelism?.() ?? os.cpus().length,
  memory_gb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  node: process.version,
});

/** One line for a table caption or a log, e.g. "Linux x64, 2 × Intel Xeon …, 23.4 GB, node v20.19.0". */
export const machineLine = (m: MachineInfo = machineInfo()): string =>
  `${m.os} (${m.arch}), ${m.cores} × ${m.cpu_model}, ${m.memory_gb} GB RAM, node ${m.node}`;

/** Peak resident set size of this process so far, in bytes (VmHWM on Linux, rusage elsewhere). */
export const peakRssBytes = (): number => {
  try {
    const hwm = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (hwm) return Number(hwm) * 1024;
  } catch {
    // no procfs
  }
  return process.resourceUsage().maxRSS * 1024;
};
