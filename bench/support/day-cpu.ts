/**
 * CPU seconds spent over the day, by process (bench/support/day-runtime.ts): the one serving requests
 * (the gateway, the handlers and the S3 emulator), the background work's (the stream poller and its
 * consumers, the report jobs), the bench's own (the client and its checks) and the DynamoDB Local JVM's,
 * read from /proc. On a 2-core machine the day cannot take less wall time than their sum over 2, however
 * quiet the machine is. The DynamoDB commands counted in the two service processes ride along.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { RouteCalls } from './day-calls';
import type { DayRuntime } from './day-runtime';

/** utime + stime in seconds from a /proc stat file (clock ticks of 100 Hz). */
function statCpuSeconds(path: string): number {
  const stat = readFileSync(path, 'utf8');
  // The command name may hold spaces: the fields after it start past the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process's CPU seconds (Linux /proc), undefined elsewhere. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    return statCpuSeconds(`/proc/${pid}/stat`);
  } catch {
    return undefined;
  }
}

/**
 * The CPU seconds of DynamoDB Local's SQLite thread (sqlite4java's `SQLiteQueue`): every command's storage
 * work runs on this one thread, one job at a time, while the command's own thread holds DynamoDB Local's
 * table lock; undefined where /proc or the thread is not there.
 */
function storageThreadCpuSeconds(pid: number): number | undefined {
  try {
    let seconds: number | undefined;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8');
      if (name.startsWith('SQLiteQueue'))
        seconds = (seconds ?? 0) + statCpuSeconds(`/proc/${pid}/task/${task}/stat`);
    }
    return seconds;
  } catch {
    return undefined;
  }
}

export interface DayReading {
  serviceSeconds: number;
  /** Of the service's, the kernel's (system time: loopback sockets above all). */
  serviceSystemSeconds: number;
  backgroundSeconds: number;
  clientSeconds: number;
  jvmSeconds: number | undefined;
  /** Of the JVM's, its one SQLite thread's (storageThreadCpuSeconds). */
  jvmStorageSeconds: number | undefined;
  /** Commands sent while serving a request, and the rest (the background process's, and any other). */
  calls: { requests: number; background: number };
  byRoute: RouteCalls[];
}

export async function readDay(runtime: DayRuntime): Promise<DayReading> {
  const { requests, background } = await runtime.measure();
  const client = process.cpuUsage();
  return {
    serviceSeconds: requests.cpuSeconds,
    serviceSystemSeconds: requests.systemSeconds,
    backgroundSeconds: background.cpuSeconds,
    clientSeconds: (client.user + client.system) / 1e6,
    jvmSeconds: runtime.dynamoPid === undefined ? undefined : processCpuSeconds(runtime.dynamoPid),
    jvmStorageSeconds:
      runtime.dynamoPid === undefined ? undefined : storageThreadCpuSeconds(runtime.dynamoPid),
    calls: {
      requests: requests.calls.requests + background.calls.requests,
      background: requests.calls.background + background.calls.background,
    },
    byRoute: requests.byRoute,
  };
}

/** What the day added between two readings (calls by route are counted from the start: none come before). */
export function dayBetween(before: DayReading, after: DayReading): DayReading {
  return {
    serviceSeconds: after.serviceSeconds - before.serviceSeconds,
    serviceSystemSeconds: after.serviceSystemSeconds - before.serviceSystemSeconds,
    backgroundSeconds: after.backgroundSeconds - before.backgroundSeconds,
    clientSeconds: after.clientSeconds - before.clientSeconds,
    jvmSeconds: difference(before.jvmSeconds, after.jvmSeconds),
    jvmStorageSeconds: difference(before.jvmStorageSeconds, after.jvmStorageSeconds),
    calls: {
      requests: after.calls.requests - before.calls.requests,
      background: after.calls.background - before.calls.background,
    },
    byRoute: after.byRoute,
  };
}

const difference = (before: number | undefined, after: number | undefined) =>
  before === undefined || after === undefined ? undefined : after - before;
