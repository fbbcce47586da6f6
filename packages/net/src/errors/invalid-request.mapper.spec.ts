import { InvalidRequestError } from '@quarry/core';
import { asInvalidRequest } from './invalid-request.mapper';
import { NetError } from './net.error';

describe('asInvalidRequest', () => {
  it.each(['INVALID_URL', 'BLOCKED'] as const)('turns %s into a 400 invalid_request with details', (code) => {
    const error = asInvalidRequest(new NetError(code, '127.0.0.1 is not a public address.'), 'callbackUrl');
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).toBody()).toEqual({
      error: 'invalid_request',
      message: 'The callbackUrl must be a public http(s) URL.',
      details: { callbackUrl: '127.0.0.1 is not a public address.' },
    });
    expect((error as InvalidRequestError).status).toBe(400);
  });

  it('returns any other error unchanged', () => {
    const notFound = new NetError('HOST_NOT_FOUND', 'nowhere.test could not be resolved.');
    const other = new Error('boom');
    expect(asInvalidRequest(notFound)).toBe(notFound);
    expect(asInvalidRequest(other)).toBe(other);
  });
});
