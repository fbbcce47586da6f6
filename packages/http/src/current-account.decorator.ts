import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The account requests act for when their guard names none (open routes, or a host guard without accounts). */
export const ANONYMOUS_ACCOUNT = 'anonymous';

interface RequestWithAccount {
  auth?: { accountId?: string };
}

/** The id of the account the request acts for: `request.auth.accountId` as the route's guard set it. */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<RequestWithAccount>().auth?.accountId ?? ANONYMOUS_ACCOUNT,
);
