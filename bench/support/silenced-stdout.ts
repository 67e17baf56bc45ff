/**
 * Replaces process.stdout.write with a counter while a measurement runs: the logger still builds and
 * serializes every record (its real cost), only the terminal write is dropped. Lambda hands stdout to
 * its log pipeline, not a terminal, so terminal speed would be noise, not overhead.
 */
export interface SilencedStdout {
  /** Writes swallowed so far (one per access-log line). */
  writes(): number;
  restore(): void;
}

export function silenceStdout(): SilencedStdout {
  const original = process.stdout.write;
  let writes = 0;
  process.stdout.write = ((...args: unknown[]) => {
    writes++;
    const callback = args.findLast((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  }) as typeof process.stdout.write;
  return {
    writes: () => writes,
    restore: () => {
      process.stdout.write = original;
    },
  };
}
