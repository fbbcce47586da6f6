/** One piece of work and its price; `referenceId` makes its charge happen once. */
export interface PricedWork {
  accountId: string;
  operation: string;
  referenceId: string;
  /** Credits; 0 is free and asks nothing of the account. */
  price: number;
  /** The API key the work was asked with, so usage is counted per key; absent for work no key asked for. */
  apiKeyId?: string;
}

/**
 * How Quarry's work is paid for. Paid work reserves its price before it runs, so work that could not
 * be paid never starts; then the price is charged on success or released on failure. Pass an
 * implementation as the `billing` option of a feature module; `FreeBilling` asks for nothing.
 */
export abstract class Billing {
  /** Holds the price for `holdMs` at most; throws `PaymentRequiredError` when the account cannot pay. */
  abstract reserve(work: PricedWork, holdMs: number): Promise<void>;
  /** Takes the price, consuming its reservation; a second charge of the same work is a no-op. */
  abstract charge(work: PricedWork): Promise<void>;
  /** Gives back what `reserve` held; a no-op once charged or released. */
  abstract release(work: PricedWork): Promise<void>;
  /** Throws `PaymentRequiredError` unless the account could pay `price` now, before work is accepted. */
  abstract requireBalance(accountId: string, price: number): Promise<void>;
}

/** Billing for hosts that do not sell credits: everything is free. */
export class FreeBilling extends Billing {
  async reserve(): Promise<void> {}
  async charge(): Promise<void> {}
  async release(): Promise<void> {}
  async requireBalance(): Promise<void> {}
}

/** A module's settings as resolved from its options, `billing` still as given until `billingOf` picks it. */
export type SettingsBeforeBilling<Settings extends { billing: Billing }> = Omit<Settings, 'billing'> & {
  billing?: Billing;
};

/** The billing a module uses: its `billing` option, else the app's (`AccountsModule` provides one), else free. */
export function billingOf(option: Billing | undefined, fromApp: Billing | undefined): Billing {
  return option ?? fromApp ?? new FreeBilling();
}
