import { ForbiddenException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AccountDirectory, ForbiddenError, LruMap } from '@quarry/core';
import { isObservable, lastValueFrom } from 'rxjs';
import { asHostError } from './host-errors';

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

/** Known account ids kept per process (accounts are never deleted), the earliest remembered forgotten first. */
const REMEMBERED_ACCOUNTS = 10_000;

/**
 * The routes' access when the host authenticates: its guard (or none), whose errors and refusals
 * the host answers as on its own routes; then its account resolver, which sets
 * `request.auth.accountId`; then an account Quarry does not know is refused (403) before any work is
 * accepted for it.
 */
export class HostAccessGuard implements CanActivate {
  private readonly known = new LruMap<string, true>(REMEMBERED_ACCOUNTS);

  constructor(
    private readonly guard: CanActivate | false,
    private readonly resolveAccount: AccountResolver | undefined,
    private readonly directory: AccountDirectory | undefined,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.guard !== false) await this.passHostGuard(this.guard, context);
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

  private async passHostGuard(guard: CanActivate, context: ExecutionContext): Promise<void> {
    let allowed: boolean;
    try {
      const result = guard.canActivate(context);
      allowed = await (isObservable(result) ? lastValueFrom(result) : result);
    } catch (error) {
      throw asHostError(error);
    }
    // What Nest throws for a guard that returns false, the host's refusal
    if (!allowed) throw asHostError(new ForbiddenException('Forbidden resource'));
  }

  private async requireKnown(accountId: string): Promise<void> {
    if (!this.directory || this.known.get(accountId)) return;
    if (!(await this.directory.knows(accountId)))
      throw new ForbiddenError(`The request acts for account "${accountId}", which Quarry does not know.`);
    this.known.set(accountId, true);
  }
}
