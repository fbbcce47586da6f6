import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { NotFoundErrorBodyDto, QuarryBody, QuarryHttp, UnauthorizedErrorBodyDto } from '@quarry/http';
import { AccountsService } from '../domain/accounts.service';
import { ApiKeysService } from '../domain/api-keys.service';
import { WebhookSecretsService } from '../domain/webhook-secrets.service';
import { WebhookSecretDto } from './dto/account-response.dto';
import { AdminTokenGuard } from './admin-token.guard';
import {
  AccountEnvelopeDto,
  AccountWithKeysDto,
  AddCreditsDto,
  CreateAccountDto,
  CreatedAccountDto,
  CreatedKeyDto,
  KeyEnvelopeDto,
  RevokeKeyDto,
} from './dto/admin.dto';

@ApiTags('admin')
@ApiBearerAuth('admin')
@ApiUnauthorizedResponse({ type: UnauthorizedErrorBodyDto, description: 'Missing or wrong admin token.' })
@ApiNotFoundResponse({
  type: NotFoundErrorBodyDto,
  description: 'Unknown id, or the admin API is off (no admin token configured).',
})
@Controller()
@QuarryHttp()
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
    private readonly webhookSecrets: WebhookSecretsService,
  ) {}

  @Post('accounts')
  @ApiOperation({ summary: 'Create an account with a first API key' })
  @ApiCreatedResponse({ type: CreatedAccountDto })
  async createAccount(@QuarryBody() body: CreateAccountDto): Promise<CreatedAccountDto> {
    const account = await this.accounts.create(body.email, body.credits ?? 0);
    const { webhookSecret } = await this.webhookSecrets.get(account.id);
    return { account, ...(await this.keys.create(account.id)), webhookSecret };
  }

  @Get('accounts/:id')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOperation({ summary: 'An account and its keys (prefixes only)' })
  @ApiOkResponse({ type: AccountWithKeysDto })
  async getAccount(@Param('id', ParseUUIDPipe) id: string): Promise<AccountWithKeysDto> {
    return { account: await this.accounts.get(id), keys: await this.keys.listForAccount(id) };
  }

  @Post('accounts/:id/keys')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOperation({ summary: 'Create another API key for an account' })
  @ApiCreatedResponse({ type: CreatedKeyDto })
  createKey(@Param('id', ParseUUIDPipe) id: string): Promise<CreatedKeyDto> {
    return this.keys.create(id);
  }

  @Post('accounts/:id/credits')
  @ApiParam({ name: 'id', format: 'uuid' })
  @HttpCode(200)
  @ApiOperation({ summary: 'Add credits to an account' })
  @ApiOkResponse({ type: AccountEnvelopeDto })
  async addCredits(
    @Param('id', ParseUUIDPipe) id: string,
    @QuarryBody() body: AddCreditsDto,
  ): Promise<AccountEnvelopeDto> {
    return { account: await this.accounts.addCredits(id, body.amount, body.referenceId) };
  }

  @Post('keys/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke the key with this display prefix' })
  @ApiOkResponse({ type: KeyEnvelopeDto })
  async revokeKey(@QuarryBody() body: RevokeKeyDto): Promise<KeyEnvelopeDto> {
    return { key: await this.keys.revokeByPrefix(body.keyPrefix) };
  }

  @Post('accounts/:id/webhook-secret/rotate')
  @ApiParam({ name: 'id', format: 'uuid' })
  @HttpCode(200)
  @ApiOperation({ summary: "Rotate an account's callback signing secret" })
  @ApiOkResponse({ type: WebhookSecretDto })
  rotateWebhookSecret(@Param('id', ParseUUIDPipe) id: string): Promise<WebhookSecretDto> {
    return this.webhookSecrets.rotate(id);
  }
}
