import type { IncomingMessage } from 'node:http';
import { isJsonBodyRequest } from './json-body.requests';

const requestOf = (method: string, contentType?: string) =>
  ({ method, headers: contentType === undefined ? {} : { 'content-type': contentType } }) as IncomingMessage;

describe('isJsonBodyRequest', () => {
  it.each([
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    ' application/json ;x=1',
  ])('reads a POST, PUT or PATCH body sent as %s', (contentType) => {
    for (const method of ['POST', 'PUT', 'PATCH'])
      expect(isJsonBodyRequest(requestOf(method, contentType))).toBe(true);
  });

  it.each([undefined, 'text/plain', 'application/jsonx', 'application/ld+json', 'application/json extra'])(
    'leaves a body sent as %s unread',
    (contentType) => expect(isJsonBodyRequest(requestOf('POST', contentType))).toBe(false),
  );

  it('never reads the body of a GET or DELETE', () => {
    expect(isJsonBodyRequest(requestOf('GET', 'application/json'))).toBe(false);
    expect(isJsonBodyRequest(requestOf('DELETE', 'application/json'))).toBe(false);
  });
});
