import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { AccountDirectory, ForbiddenError } from '@quarry/core';
import { isObservable, lastValueFrom } from 'rxjs';

/**
 * Maps the request a host's guard let through to the Quarry account it acts for (an id, or none to
 * refuse the request); `AccountsService.ensureAccount(externalId)` makes one on first use.
 */
export type AccountResolver = (
  request: never,
) => string | null | undefined | Promise<string | null | undefined>;

interface RequestWithAuth {
  auth?: { accountId?: string };
}

/** Known account ids kept per process (accounts are never deleted); past this many the memory starts over. */
const REMEMBERED_ACCOUNTS = 10_000;

/**
 * The routes' access when the host authenticates: its guard (or none), then its account resolver,
 * which sets `request.auth.accountId`; then an account Quarry does not know is refused (403) before
 * any work is accepted for it.
 */
export class HostAccessGuard implements CanActivate {
  private readonly known = new Set<string>();

  constructor(
    private readonly guard: CanActivate | false,
    private readonly resolveAccount: AccountResolver | undefined,
    private readonly directory: AccountDirectory | undefined,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.guard !== false) {
      const allowed = this.guard.canActivate(context);
      if (!(await (isObservable(allowed) ? lastValueFrom(allowed) : allowed))) return false;
    }
    const request = context.switchToHttp().getRequest<RequestWithAuth>();
    if (this.resolveAccount) {
      const accountId = await this.resolveAccount(request as never);
      if (!accountId) throw new ForbiddenError('The request maps to no Quarry account.');
      request.auth = { ...request.auth, accountId };
    }
    const accountId = request.auth?.accountId;
    if (accountId !== undefined) await this.requireKnown(accountId);
    return true;
  }

  private async requireKnown(accountId: string): Promise<void> {
    if (!this.directory || this.known.has(accountId)) return;
    if (!(await this.directory.knows(accountId)))
      throw new ForbiddenError(`The request acts for account "${accountId}", which Quarry does not know.`);
    if (this.known.size >= REMEMBERED_ACCOUNTS) this.known.clear();
    this.known.add(accountId);
  }
}
