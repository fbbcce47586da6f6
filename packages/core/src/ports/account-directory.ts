/**
 * Which accounts exist. Quarry's HTTP modules ask it before a request from a host's own guard (or
 * account resolver) acts for an account, so work for an account Quarry does not know is refused up
 * front rather than accepted and failed later. `AccountsModule` provides it.
 */
export abstract class AccountDirectory {
  abstract knows(accountId: string): Promise<boolean>;
}
