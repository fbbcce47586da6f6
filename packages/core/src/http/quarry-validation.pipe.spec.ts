import { IsOptional, IsString } from 'class-validator';
import { InvalidRequestError } from '../errors/quarry-error';
import { QuarryValidationPipe } from './quarry-validation.pipe';

class UrlDto {
  @IsString()
  url!: string;

  @IsOptional()
  @IsString()
  note?: string;
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
});
