import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { NotFoundError, UnauthorizedError } from '@quarry/core';
import { ACCOUNTS_SETTINGS, type AccountsSettings } from '../accounts-settings';
import { AuthenticatedRequest } from '../auth/authenticated-request';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator API: off (404) without an admin token, otherwise `Authorization: Bearer <admin token>`. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(@Inject(ACCOUNTS_SETTINGS) private readonly options: AccountsSettings) {}

  canActivate(context: ExecutionContext): boolean {
    const { adminToken } = this.options;
    if (!adminToken) throw new NotFoundError('The admin API is not enabled.');
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(Array.isArray(header) ? header[0] : (header ?? ''))?.[1];
    if (!presented || !timingSafeEqual(digest(presented), digest(adminToken))) {
      throw new UnauthorizedError(
        'The admin token is missing or wrong.',
        presented ? 'invalid_token' : undefined,
      );
    }
    return true;
  }
}
