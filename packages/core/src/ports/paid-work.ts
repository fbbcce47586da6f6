import type { Billing, PricedWork } from './billing';

/** How long work done in one go (a request, a monitor check) holds its price: longer than any of it may run. */
export const PRICE_HOLD_MS = 10 * 60 * 1000;

export interface PaidWorkOptions {
  /** How long the price is held at most. @default PRICE_HOLD_MS */
  holdMs?: number;
  /**
   * `fn` calls `hold` itself, right before what costs, instead of the price being held before `fn`
   * starts; a run that never calls it (a read from a cache) is charged without a hold.
   * @default false
   */
  holdWhenAsked?: boolean;
  /** Asked once `fn` succeeded: false gives the price back instead of charging it (the caller gave up on the result). */
  wanted?: () => boolean;
}

/**
 * Runs `fn` as paid work, the one way Quarry's services bill what they do in one go: the price held
 * (`PaymentRequiredError` when the account cannot pay, and nothing is spent), charged once when
 * `fn` succeeds, given back when it fails. The charge is keyed by the work's operation and
 * reference, so running the same work again never charges twice.
 */
export async function runPaid<T>(
  billing: Billing,
  work: PricedWork,
  fn: (hold: () => Promise<void>) => Promise<T>,
  { holdMs = PRICE_HOLD_MS, holdWhenAsked = false, wanted }: PaidWorkOptions = {},
): Promise<T> {
  let held = false;
  const hold = async (): Promise<void> => {
    if (held) return;
    await billing.reserve(work, holdMs);
    held = true;
  };
  if (!holdWhenAsked) await hold();
  try {
    const result = await fn(hold);
    if (wanted?.() === false) await billing.release(work);
    else await billing.charge(work);
    return result;
  } catch (error) {
    if (held) await billing.release(work);
    throw error;
  }
}

/**
 * Holds the price of work a job will do later, for `holdMs` at most (`PaymentRequiredError` when the
 * account cannot pay, before anything is stored), and gives it back when `submit` fails. Once
 * submitted, the hold is the job's: it charges or releases it when it ends.
 */
export async function holdForJob<T>(
  billing: Billing,
  work: PricedWork,
  holdMs: number,
  submit: () => Promise<T>,
): Promise<T> {
  await billing.reserve(work, holdMs);
  try {
    return await submit();
  } catch (error) {
    await billing.release(work);
    throw error;
  }
}
