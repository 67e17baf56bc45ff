/**
 * Generations of the report aggregates: the readers read the live one; a rebuild writes the next one
 * beside it and switches the readers to it in one step when it is whole. These are the decisions on the
 * pointer item (shared/aggregates/generations.ts does the reading and writing).
 */

export interface GenerationState {
  /** The generation the reports and the consumer read and count into. */
  live: number;
  /** A generation a rebuild claimed and has not switched to: being written, or abandoned by a rebuild that died. */
  building?: number;
  /** Moves with every change of the pointer, so two rebuilds cannot both claim or switch. */
  version: number;
}

/** The pointer item as stored; no pointer at all is generation 0 live, nothing being built. */
export function generationState(item: Record<string, unknown> | undefined): GenerationState {
  if (!item) return { live: 0, version: 0 };
  const number = (value: unknown, what: string) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new Error(`The aggregates' generation pointer has no valid ${what}: ${String(value)}`);
    return value;
  };
  const state: GenerationState = {
    live: number(item.live, 'live'),
    version: number(item.version, 'version'),
  };
  if (item.building !== undefined) state.building = number(item.building, 'building');
  return state;
}

/**
 * What a new rebuild writes: a generation no rebuild has used (so a rebuild that died, still writing,
 * can never mix its cells into it), and the generation an earlier rebuild left half-written, to clear.
 */
export function nextBuild(state: GenerationState): { generation: number; abandoned?: number } {
  const generation = Math.max(state.live, state.building ?? 0) + 1;
  return state.building === undefined ? { generation } : { generation, abandoned: state.building };
}
