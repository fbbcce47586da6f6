/** The jobs each account runs at once in this process, each account up to `max`. */
export class AccountSlots {
  private readonly taken = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot for the account; false, taking none, when it holds `max` already. */
  take(accountId: string): boolean {
    const taken = this.taken.get(accountId) ?? 0;
    if (taken >= this.max) return false;
    this.taken.set(accountId, taken + 1);
    return true;
  }

  free(accountId: string): void {
    const taken = (this.taken.get(accountId) ?? 0) - 1;
    if (taken > 0) this.taken.set(accountId, taken);
    else this.taken.delete(accountId);
  }
}
