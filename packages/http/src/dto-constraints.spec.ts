import { plainToInstance, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  validate,
  ValidateNested,
} from 'class-validator';
import { DtoConstraints } from './dto-constraints';
import { HttpUrlField } from './http-url.decorator';
import { OptionalField } from './optional-field.decorator';

/** The options QuarryValidationPipe gives class-validator. */
const PIPE_OPTIONS = { forbidUnknownValues: false, whitelist: true, forbidNonWhitelisted: true };

function IsEven(): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isEven',
      target: target.constructor,
      propertyName: String(property),
      validator: { validate: (value: unknown) => typeof value === 'number' && value % 2 === 0 },
    });
}

function IsKnownLater(): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isKnownLater',
      target: target.constructor,
      propertyName: String(property),
      async: true,
      validator: { validate: async (value: unknown) => value === 'known' },
    });
}

class PageDto {
  @HttpUrlField({ description: 'The page.' })
  url!: string;

  @HttpUrlField({ description: 'Where to call back.', optional: true })
  callbackUrl?: string;

  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(10)
  waitMs?: number;

  @IsOptional()
  @IsBoolean()
  fresh?: boolean;

  @IsDefined()
  @IsIn(['a', 'b'])
  kind!: string;

  @OptionalField()
  @IsString({ each: true })
  @ArrayMaxSize(2)
  tags?: string[];

  @OptionalField()
  @IsEven()
  even?: number;

  @Allow()
  anything?: unknown;

  @OptionalField()
  @IsString()
  @MaxLength(4, { validateIf: (object: PageDto) => object.fresh === true })
  label?: string;
}

class NarrowedPageDto extends PageDto {
  @IsString()
  @MaxLength(3)
  override kind = 'a';

  @OptionalField()
  @IsInt()
  extra?: number;
}

class AsyncDto {
  @IsKnownLater()
  name!: string;
}

class ChildDto {
  @IsString()
  name!: string;
}

class NestedDto {
  @ValidateNested()
  @Type(() => ChildDto)
  child!: ChildDto;
}

const PAGE_BODIES: unknown[] = [
  { url: 'https://example.com/', kind: 'a' },
  { url: 'HTTP://example.com/a', kind: 'b', callbackUrl: 'https://hooks.example.com/' },
  { url: 'https://example.com/', kind: 'a', waitMs: 10, fresh: false, even: 4, anything: { x: 1 } },
  { url: 'https://example.com/', kind: 'a', tags: ['x', 'y'], label: 'longer than four', fresh: false },
  { url: 'https://example.com/', kind: 'a', label: 'long', fresh: true },
  { url: 'https://example.com/', kind: 'a', fresh: null },
  { url: 'https://example.com/', kind: 'a', label: 'longer', fresh: true },
  { url: 'https://example.com/', kind: 'a', tags: ['x', 1] },
  { url: 'https://example.com/', kind: 'a', tags: ['x', 'y', 'z'] },
  { url: 'https://example.com/', kind: 'a', tags: 'x' },
  { url: 'https://example.com/', kind: 'a', even: 3 },
  { url: 'https://example.com/', kind: 'a', waitMs: 11 },
  { url: 'https://example.com/', kind: 'a', waitMs: 1.5 },
  { url: 'https://example.com/', kind: 'a', waitMs: null },
  { url: 'https://example.com/', kind: 'a', callbackUrl: 'ftp://example.com/' },
  { url: 'https://example.com/', kind: 'c' },
  { url: 'https://example.com/', kind: 'abc' },
  { url: 'https://example.com/' },
  { url: 'mailto:someone@example.com', kind: 'a' },
  { url: 'https://example.com/' + 'x'.repeat(2048), kind: 'a' },
  { url: 'https://example.com/', kind: 'a', colour: 'red' },
  { url: 'https://example.com/', kind: 'a', extra: 2 },
  { url: 'https://example.com/', kind: 'a', extra: 'two' },
  {},
];

async function classValidatorAccepts(dto: object): Promise<boolean> {
  return (await validate(dto, PIPE_OPTIONS)).length === 0;
}

describe('DtoConstraints', () => {
  it.each([PageDto, NarrowedPageDto])(
    'accepts exactly the %p bodies class-validator accepts, with the pipe options',
    async (type) => {
      const constraints = new DtoConstraints();
      const verdicts = await Promise.all(
        PAGE_BODIES.map(async (body) => {
          const dto = plainToInstance(type, body) as object;
          return { body, fast: constraints.passes(dto), classValidator: await classValidatorAccepts(dto) };
        }),
      );
      expect(verdicts.filter(({ fast, classValidator }) => fast !== classValidator)).toEqual([]);
      // Both kinds of body are in the set, so the comparison cannot pass by rejecting everything.
      expect(verdicts.some(({ fast }) => fast)).toBe(true);
      expect(verdicts.some(({ fast }) => !fast)).toBe(true);
    },
  );

  it('leaves async constraints and nested objects to class-validator', async () => {
    const constraints = new DtoConstraints();
    const known = plainToInstance(AsyncDto, { name: 'known' });
    const nested = plainToInstance(NestedDto, { child: { name: 'x' } });
    expect(await classValidatorAccepts(known)).toBe(true);
    expect(await classValidatorAccepts(nested)).toBe(true);
    expect(constraints.passes(known)).toBe(false);
    expect(constraints.passes(nested)).toBe(false);
  });
});
