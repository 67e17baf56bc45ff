/**
 * Values an invocation carries through its asynchronous work (its metrics, the request under way, its
 * writes, a retry's deadline), all in one AsyncLocalStorage.
 *
 * Node (20 and 22) hands every enabled AsyncLocalStorage's store on to each promise it creates, one
 * storage after another. One storage per module cost five of those on every promise, and one more for
 * each group's handler (a dozen in the local runtime, which serves every group): about 4 % of the local
 * service's CPU on the busy day. One storage holding a field per value costs one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Scope = Readonly<Record<symbol, unknown>>;

const storage = new AsyncLocalStorage<Scope>();

export interface ScopedValue<T> {
  /** The value set by the innermost `run` under way, if any. */
  get(): T | undefined;
  /** Runs the work with the value set (undefined: unset), every other scoped value as it was. */
  run<R>(value: T | undefined, work: () => R): R;
}

/** A value of its own in the shared scope; `name` only names it in a debugger. */
export function scopedValue<T>(name: string): ScopedValue<T> {
  const key = Symbol(name);
  return {
    get: () => storage.getStore()?.[key] as T | undefined,
    run: (value, work) => storage.run({ ...storage.getStore(), [key]: value }, work),
  };
}
