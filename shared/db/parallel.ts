/** Work over many values with at most `limit` of them in flight: a bulk write's requests sent together, within bounds. */
export async function inParallel<T>(
  values: readonly T[],
  limit: number,
  work: (value: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    // A failure stops each lane before its next value; the values already in flight finish.
    while (!failed && next < values.length) {
      const index = next++;
      try {
        await work(values[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = Array.from({ length: Math.min(limit, values.length) }, lane);
  const settled = await Promise.allSettled(lanes);
  const rejected = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
}
