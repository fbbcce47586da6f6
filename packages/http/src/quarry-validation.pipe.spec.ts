import { IsOptional, IsString } from 'class-validator';
import { InvalidRequestError } from '@quarry/core';
import { HttpUrlField } from './http-url.decorator';
import { QuarryValidationPipe } from './quarry-validation.pipe';

class UrlDto {
  @IsString()
  url!: string;

  @IsOptional()
  @IsString()
  note?: string;
}

class HttpUrlDto {
  @HttpUrlField({ description: 'The page.' })
  url!: string;

  @HttpUrlField({ description: 'Where to deliver.', optional: true })
  callbackUrl?: string;
}

const asBody = { type: 'body', metatype: UrlDto } as const;

async function refusal(value: unknown, metadata = asBody): Promise<Record<string, unknown>> {
  const error = await new QuarryValidationPipe().transform(value, metadata).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidRequestError);
  return (error as InvalidRequestError).toBody();
}

describe('QuarryValidationPipe', () => {
  it('returns a DTO instance for a valid body', async () => {
    const dto = await new QuarryValidationPipe().transform({ url: 'https://example.com/' }, asBody);
    expect(dto).toBeInstanceOf(UrlDto);
  });

  it('refuses prototype keys with the reason of any unknown field', async () => {
    const unknown = await refusal({ url: 'https://example.com/', colour: 'red' });
    const prototypeKeys = await refusal(
      JSON.parse('{"url":"https://example.com/","__proto__":{"x":1},"constructor":1}'),
    );
    expect(unknown).toEqual({
      error: 'invalid_request',
      message: 'The request is invalid.',
      details: { colour: 'is not an allowed field' },
    });
    expect(prototypeKeys).toEqual({
      error: 'invalid_request',
      message: 'The request is invalid.',
      details: { ['__proto__']: 'is not an allowed field', constructor: 'is not an allowed field' },
    });
    expect(Object.keys(prototypeKeys.details as object)).toEqual(['__proto__', 'constructor']);
  });

  it('answers a body nested 10,000 levels deep with a 400, not a stack overflow', async () => {
    const deep = JSON.parse(`{"url":"x","note":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(await refusal(deep)).toMatchObject({
      error: 'invalid_request',
      details: { body: expect.any(String) },
    });
  });

  it('checks query objects the same way', async () => {
    const query = JSON.parse('{"url":"x","__proto__":"y"}');
    expect(await refusal(query, { type: 'query', metatype: UrlDto } as never)).toMatchObject({
      details: { ['__proto__']: 'is not an allowed field' },
    });
  });

  it('names a missing required field as missing, whatever rule its absence breaks first', async () => {
    const body = { type: 'body', metatype: HttpUrlDto } as const;
    expect((await refusal({}, body)).details).toEqual({ url: 'url is required' });
    expect((await refusal({ callbackUrl: 'https://example.com/' }, body)).details).toEqual({
      url: 'url is required',
    });
  });

  it.each([['example.com'], ['ftp://example.com/'], [' https://example.com/'], [42], [null], ['']])(
    'says an URL field given %j must be an http(s) URL',
    async (url) => {
      const body = { type: 'body', metatype: HttpUrlDto } as const;
      expect((await refusal({ url }, body)).details).toEqual({ url: 'url must be an http(s) URL' });
      expect((await refusal({ url: 'https://example.com/', callbackUrl: url }, body)).details).toEqual({
        callbackUrl: 'callbackUrl must be an http(s) URL',
      });
    },
  );

  it('says an URL over 2048 characters is too long', async () => {
    const body = { type: 'body', metatype: HttpUrlDto } as const;
    const url = `https://example.com/${'a'.repeat(2048)}`;
    expect((await refusal({ url }, body)).details).toEqual({ url: 'url must be at most 2048 characters' });
  });
});
