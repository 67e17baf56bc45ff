/**
 * CPU seconds spent over the day: this process (the gateway, the handlers, s3rver, the stream poller and
 * the client all run in it) and the DynamoDB Local JVM, read from /proc. On a 2-core machine the day cannot
 * take less wall time than their sum over 2, however quiet the machine is.
 */
import { readFileSync } from 'node:fs';

/** utime + stime of a process in seconds (Linux /proc; clock ticks of 100 Hz), undefined elsewhere. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields after it start past the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export interface CpuReading {
  ownSeconds: number;
  jvmSeconds: number | undefined;
}

export function readCpu(jvmPid: number | undefined): CpuReading {
  const own = process.cpuUsage();
  return {
    ownSeconds: (own.user + own.system) / 1e6,
    jvmSeconds: jvmPid === undefined ? undefined : processCpuSeconds(jvmPid),
  };
}

export function cpuBetween(before: CpuReading, after: CpuReading): CpuReading {
  return {
    ownSeconds: after.ownSeconds - before.ownSeconds,
    jvmSeconds:
      before.jvmSeconds === undefined || after.jvmSeconds === undefined
        ? undefined
        : after.jvmSeconds - before.jvmSeconds,
  };
}
