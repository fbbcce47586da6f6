import { ApiProperty } from '@nestjs/swagger';

export class AccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'ops@example.com' })
  email!: string;

  @ApiProperty({ type: 'integer', example: 995 })
  credits!: number;
}

export class AccountBalanceDto extends AccountDto {
  @ApiProperty({
    type: 'integer',
    example: 5,
    description:
      'Credits held for work in progress: already out of `credits`, charged when the work succeeds, given back when it fails.',
  })
  reservedCredits!: number;
}

export class OperationUsageDto {
  @ApiProperty({ type: 'integer', description: 'Successful results charged.' })
  count!: number;

  @ApiProperty({ type: 'integer', description: 'Credits spent.' })
  credits!: number;
}

export class UsageDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/OperationUsageDto' },
    example: { scrape: { count: 5, credits: 5 } },
  })
  last30Days!: Record<string, OperationUsageDto>;
}

export class AccountResponseDto {
  @ApiProperty({ type: AccountBalanceDto })
  account!: AccountBalanceDto;

  @ApiProperty({ type: UsageDto })
  usage!: UsageDto;
}

export class WebhookSecretDto {
  @ApiProperty({
    description: 'Signs callbacks with Standard Webhooks (webhook-signature: v1,<base64 HMAC-SHA256>).',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  webhookSecret!: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'After a rotation: until then callbacks carry a second signature made with the previous secret.',
  })
  previousSecretValidUntil!: string | null;
}
