/** Wall-clock timing with the monotonic high-resolution clock. */
export const now = (): bigint => process.hrtime.bigint();

export const elapsedMs = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

export interface Contender {
  name: string;
  /** One measured call; the time of the whole promise is recorded. */
  call(): Promise<unknown>;
}

export interface InterleaveOptions {
  warmup: number;
  rounds: number;
  perRound: number;
}

/**
 * Runs contenders in alternating blocks (A B, then B A, ...) after a warm-up of each, so drift in the
 * machine or the database (JIT, GC, caches) lands on all of them alike. Answers samples in ms per name.
 */
export async function interleave(
  contenders: readonly Contender[],
  options: InterleaveOptions,
): Promise<Map<string, number[]>> {
  for (const contender of contenders) {
    for (let i = 0; i < options.warmup; i++) await contender.call();
  }
  const samples = new Map<string, number[]>(contenders.map((contender) => [contender.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      const into = samples.get(contender.name)!;
      for (let i = 0; i < options.perRound; i++) {
        const start = now();
        await contender.call();
        into.push(elapsedMs(start));
      }
    }
  }
  return samples;
}

/**
 * One contender per call and table size (`<call>@<size>`), each pointing the service at its size's table
 * before it runs: the same reads timed against small and large tables, interleaved.
 */
export function contendersPerTable(
  calls: Readonly<Record<string, () => Promise<unknown>>>,
  tables: ReadonlyArray<{ name: string; table: string }>,
): Contender[] {
  return Object.entries(calls).flatMap(([name, call]) =>
    tables.map((size) => ({
      name: `${name}@${size.name}`,
      call: async () => {
        process.env.TABLE_NAME = size.table;
        await call();
      },
    })),
  );
}
