import { NetError } from '@quarry/net';
import type { ProxyVerdict } from './proxy.journal';

const BY_ERRNO: Record<string, ProxyVerdict> = {
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  EPIPE: 'ERR_CONNECTION_RESET',
  ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  EADDRNOTAVAIL: 'ERR_ADDRESS_INVALID',
};

/** The verdict for a failed dial, named as Chromium would name it without a proxy in between. */
export function verdictOf(error: unknown): ProxyVerdict {
  if (error instanceof NetError) {
    if (error.code === 'BLOCKED' || error.code === 'INVALID_URL') return 'BLOCKED';
    if (error.code === 'HOST_NOT_FOUND') return 'ERR_NAME_NOT_RESOLVED';
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && BY_ERRNO[code]) || 'ERR_CONNECTION_FAILED';
}
