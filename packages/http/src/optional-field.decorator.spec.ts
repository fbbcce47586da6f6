import { IsBoolean, IsString } from 'class-validator';
import { InvalidRequestError } from '@quarry/core';
import { OptionalField } from './optional-field.decorator';
import { QuarryValidationPipe } from './quarry-validation.pipe';

class NoteDto {
  @IsString()
  url!: string;

  @OptionalField()
  @IsBoolean()
  fresh?: boolean;
}

const validate = (value: object) =>
  new QuarryValidationPipe().transform(value, { type: 'body', metatype: NoteDto }).catch((e: unknown) => e);

describe('OptionalField', () => {
  it('lets the field be left out', async () => {
    expect(await validate({ url: 'u' })).toBeInstanceOf(NoteDto);
    expect(await validate({ url: 'u', fresh: true })).toBeInstanceOf(NoteDto);
  });

  it('refuses null, which the schema does not allow either', async () => {
    const error = await validate({ url: 'u', fresh: null });
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).toBody()).toMatchObject({ details: { fresh: expect.any(String) } });
  });
});
