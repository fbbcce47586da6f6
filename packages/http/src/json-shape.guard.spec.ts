import { InvalidRequestError } from '@quarry/core';
import { assertSafeJsonShape, MAX_JSON_DEPTH } from './json-shape.guard';

/** `depth` containers, alternating objects and arrays, as a client would send them. */
function nested(depth: number): unknown {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 ? '[' : '{"a":')).join('');
  const close = Array.from({ length: depth }, (_, i) => (i % 2 ? ']' : '}'))
    .reverse()
    .join('');
  return JSON.parse(`${open}1${close}`);
}

function refusal(value: unknown): InvalidRequestError {
  try {
    assertSafeJsonShape(value, 'body');
  } catch (error) {
    return error as InvalidRequestError;
  }
  throw new Error('expected a refusal');
}

describe('assertSafeJsonShape', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels of objects and arrays`, () => {
    expect(() => assertSafeJsonShape(nested(MAX_JSON_DEPTH), 'body')).not.toThrow();
  });

  it.each([MAX_JSON_DEPTH + 1, 10_000, 100_000])('refuses %d levels with a 400 naming the body', (depth) => {
    const error = refusal(nested(depth));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.toBody()).toEqual({
      error: 'invalid_request',
      message: 'The request body is nested too deeply.',
      details: { body: expect.stringContaining(`${MAX_JSON_DEPTH} levels`) },
    });
  });

  it('refuses prototype keys at any depth as unknown fields, as JSON.parse leaves them', () => {
    const body = JSON.parse(
      '{"url":"https://example.com/","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"notifications":{"webhook":{"__proto__":null}},"list":[{"prototype":1}]}',
    );
    expect(refusal(body).toBody()).toEqual({
      error: 'invalid_request',
      message: 'The request is invalid.',
      details: {
        ['__proto__']: 'is not an allowed field',
        constructor: 'is not an allowed field',
        'constructor.prototype': 'is not an allowed field',
        'notifications.webhook.__proto__': 'is not an allowed field',
        'list.0.prototype': 'is not an allowed field',
      },
    });
  });

  it('leaves ordinary values alone', () => {
    expect(() =>
      assertSafeJsonShape(
        { url: 'https://example.com/', proto: 1, nested: { constructorName: 'x' } },
        'body',
      ),
    ).not.toThrow();
    expect(() => assertSafeJsonShape('text', 'query')).not.toThrow();
  });
});
