import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { NO_CONTROL_CHARACTERS_PATTERN, NoControlCharacters, OptionalField } from '@quarry/http';
import { AccountDto } from './account-response.dto';

export class CreateAccountDto {
  @ApiProperty({
    example: 'ops@example.com',
    description: 'Where email notifications go.',
    format: 'email',
    minLength: 3,
    maxLength: 320,
    pattern: NO_CONTROL_CHARACTERS_PATTERN,
  })
  @IsEmail()
  @Length(3, 320)
  @NoControlCharacters()
  email!: string;

  @ApiPropertyOptional({ type: 'integer', default: 0, minimum: 0, maximum: 1_000_000_000 })
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  credits?: number;
}

export class AddCreditsDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 1_000_000_000, example: 500 })
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  amount!: number;

  @ApiPropertyOptional({
    description: 'Idempotency key: the same referenceId adds credits once.',
    minLength: 1,
    maxLength: 200,
  })
  @OptionalField()
  @IsString()
  @Length(1, 200)
  referenceId?: string;
}

export class RevokeKeyDto {
  @ApiProperty({
    example: 'qk_live_AbCdEfGh',
    description: 'The display prefix shown when the key was created.',
    minLength: 16,
    maxLength: 64,
  })
  @IsString()
  @Length(16, 64)
  keyPrefix!: string;
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  accountId!: string;

  @ApiProperty({ example: 'qk_live_AbCdEfGh' })
  prefix!: string;

  @ApiProperty()
  createdAt!: Date;

  @ApiProperty({ nullable: true, type: Date })
  revokedAt!: Date | null;

  @ApiProperty({
    nullable: true,
    type: Date,
    description: 'The last request it authenticated, to the minute.',
  })
  lastUsedAt!: Date | null;
}

export class CreatedKeyDto {
  @ApiProperty({ type: ApiKeyDto })
  key!: ApiKeyDto;

  @ApiProperty({ description: 'The whole key. Shown once; only its hash is stored.' })
  apiKey!: string;
}

export class CreatedAccountDto extends CreatedKeyDto {
  @ApiProperty({ type: AccountDto })
  account!: AccountDto;

  @ApiProperty({ description: "Signs the account's callbacks (Standard Webhooks)." })
  webhookSecret!: string;
}

export class AccountWithKeysDto {
  @ApiProperty({ type: AccountDto })
  account!: AccountDto;

  @ApiProperty({ type: [ApiKeyDto] })
  keys!: ApiKeyDto[];
}

export class AccountEnvelopeDto {
  @ApiProperty({ type: AccountDto })
  account!: AccountDto;
}

export class KeyEnvelopeDto {
  @ApiProperty({ type: ApiKeyDto })
  key!: ApiKeyDto;
}
