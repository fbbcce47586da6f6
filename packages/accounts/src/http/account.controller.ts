import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Clock } from '@quarry/core';
import { QuarryHttp } from '@quarry/http';
import { AuthenticatedKey } from '../domain/api-keys.service';
import { CreditLedger, DAY_MS } from '../domain/credit-ledger';
import { WebhookSecretsService } from '../domain/webhook-secrets.service';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { RequireApiKey } from '../auth/require-api-key.decorator';
import { AccountResponseDto, OperationUsageDto, WebhookSecretDto } from './dto/account-response.dto';

/** The usage shown: today (UTC) and the 29 days before it. */
const USAGE_DAYS = 30;

@ApiTags('account')
@ApiExtraModels(OperationUsageDto)
@Controller('account')
@QuarryHttp()
@RequireApiKey()
export class AccountController {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly clock: Clock,
    private readonly webhookSecrets: WebhookSecretsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The key's account, its balance and its usage over the last 30 days" })
  @ApiOkResponse({ type: AccountResponseDto })
  async show(@CurrentAuth() auth: AuthenticatedKey): Promise<AccountResponseDto> {
    const since = new Date(this.clock.now().getTime() - (USAGE_DAYS - 1) * DAY_MS);
    const [account, last30Days] = await Promise.all([
      this.ledger.accountWithHolds(auth.accountId),
      this.ledger.usageSince(auth.accountId, since),
    ]);
    return { account, usage: { last30Days } };
  }

  @Get('webhook-secret')
  @ApiOperation({ summary: "The secret that signs this account's callbacks" })
  @ApiOkResponse({ type: WebhookSecretDto })
  webhookSecret(@CurrentAuth() auth: AuthenticatedKey): Promise<WebhookSecretDto> {
    return this.webhookSecrets.get(auth.accountId);
  }

  @Post('webhook-secret/rotate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replace the signing secret; the old one keeps signing alongside for a grace period',
  })
  @ApiOkResponse({ type: WebhookSecretDto })
  rotateWebhookSecret(@CurrentAuth() auth: AuthenticatedKey): Promise<WebhookSecretDto> {
    return this.webhookSecrets.rotate(auth.accountId);
  }
}
