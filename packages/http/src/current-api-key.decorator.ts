import { createParamDecorator, ExecutionContext } from '@nestjs/common';

interface RequestWithKey {
  auth?: { keyId?: string };
}

/** The id of the API key the request came with (`request.auth.keyId`); undefined under a host guard without keys. */
export const CurrentApiKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<RequestWithKey>().auth?.keyId,
);
