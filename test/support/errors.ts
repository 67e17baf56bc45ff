/** The service's typed error a call throws, for pure-function tests. */
import { AppError } from '../../shared/errors';

/** The error `run` throws (fails the test when it throws nothing, or something else than an AppError). */
export function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an error, but nothing was thrown');
}
