/** What the host's guard threw (or refused) on Quarry's routes: the host's to answer, not Quarry's. */
const hostErrors = new WeakSet<object>();

/** Leaves `error`, from the host's own guard, to the host's exception filters; returns it for rethrowing. */
export function asHostError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) hostErrors.add(error);
  return error;
}

/**
 * The `@Catch()` type of QuarryExceptionFilter: every exception but the host's. Nest gives an
 * exception to the first of a route's filters (the controller's, then the global ones) whose
 * `@Catch()` types it is an `instanceof`, so a host's error passes Quarry's filter by and reaches the
 * host's global filters, else Nest's default answer, as on the host's own routes.
 */
export abstract class QuarryAnswered {
  static [Symbol.hasInstance](exception: unknown): boolean {
    return !(typeof exception === 'object' && exception !== null && hostErrors.has(exception));
  }
}
