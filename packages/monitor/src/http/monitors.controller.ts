import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPaymentRequiredResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { InvalidRequestError } from '@quarry/core';
import {
  CurrentAccount,
  GuardedRoutes,
  NotFoundErrorBodyDto,
  PaymentRequiredErrorBodyDto,
  QuarryBody,
  QuarryHttp,
  ValidationErrorBodyDto,
} from '@quarry/http';
import { MonitorsService } from '../domain/monitors.service';
import { HistoryPage } from '../ports/monitor.store';
import { CreateMonitorDto, HistoryQueryDto, UpdateMonitorDto } from './dto/monitor-request.dto';
import { CREATE_SELECTOR_SCOPE_RULE, UPDATE_SELECTOR_SCOPE_RULE } from './dto/selector-scope.schema';
import {
  CheckQueuedDto,
  CreatedMonitorDto,
  MonitorCheckListDto,
  MonitorEventListDto,
  MonitorLimitErrorBodyDto,
  MonitorListDto,
  MonitorResponseDto,
  MonitorSnapshotResponseDto,
  MonitorWebhookSecretDto,
} from './dto/monitor-response.dto';

const DEFAULT_PAGE = 50;

/** The `:id` of the routes: a monitor UUID (a malformed one is the same 404 as an unknown one). */
const MonitorIdParam = () => ApiParam({ name: 'id', format: 'uuid', description: 'The monitor id.' });

@ApiTags('monitors')
@Controller('monitors')
@QuarryHttp()
@GuardedRoutes()
export class MonitorsController {
  constructor(private readonly monitors: MonitorsService) {}

  @Post()
  @ApiOperation({
    summary:
      'Watch a public page for changes; a baseline check is queued at once (1 credit per successful check)',
  })
  @ApiExtraModels(CreateMonitorDto)
  @ApiCreatedResponse({ type: CreatedMonitorDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, a page or webhook URL that is not public http(s), or an unusable secret.',
  })
  @ApiPaymentRequiredResponse({ type: PaymentRequiredErrorBodyDto, description: 'Balance below 1 credit.' })
  @ApiConflictResponse({
    type: MonitorLimitErrorBodyDto,
    description: 'monitor_limit_reached: the account has the most monitors it may have (default 1000).',
  })
  async create(
    @CurrentAccount() accountId: string,
    @QuarryBody({
      schema: { allOf: [{ $ref: getSchemaPath(CreateMonitorDto) }, CREATE_SELECTOR_SCOPE_RULE] },
    })
    body: CreateMonitorDto,
  ): Promise<CreatedMonitorDto> {
    return this.monitors.create(accountId, body);
  }

  @Get()
  @ApiOperation({ summary: "The account's monitors, newest first" })
  @ApiOkResponse({ type: MonitorListDto })
  async list(@CurrentAccount() accountId: string): Promise<MonitorListDto> {
    return { monitors: await this.monitors.list(accountId) };
  }

  @Get(':id')
  @MonitorIdParam()
  @ApiOperation({ summary: 'One monitor' })
  @ApiOkResponse({ type: MonitorResponseDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async get(@CurrentAccount() accountId: string, @Param('id') id: string): Promise<MonitorResponseDto> {
    return { monitor: await this.monitors.get(accountId, id) };
  }

  @Patch(':id')
  @MonitorIdParam()
  @ApiOperation({
    summary:
      'Pause or resume a monitor (resuming checks now and resets consecutiveFailures), or change its interval, notifications, name, scope, selector, ignore or trigger',
  })
  @ApiExtraModels(UpdateMonitorDto)
  @ApiOkResponse({ type: MonitorResponseDto })
  @ApiBadRequestResponse({ type: ValidationErrorBodyDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async update(
    @CurrentAccount() accountId: string,
    @Param('id') id: string,
    @QuarryBody({
      description: 'At least one field.',
      schema: {
        allOf: [{ $ref: getSchemaPath(UpdateMonitorDto) }, UPDATE_SELECTOR_SCOPE_RULE],
        minProperties: 1,
      },
    })
    body: UpdateMonitorDto,
  ): Promise<MonitorResponseDto> {
    if (Object.values(body).every((value) => value === undefined)) {
      throw new InvalidRequestError('Nothing to change.', { status: 'give at least one field to change' });
    }
    return { monitor: await this.monitors.update(accountId, id, body) };
  }

  @Delete(':id')
  @MonitorIdParam()
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a monitor with its checks and events' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async remove(@CurrentAccount() accountId: string, @Param('id') id: string): Promise<void> {
    await this.monitors.remove(accountId, id);
  }

  @Post(':id/run')
  @MonitorIdParam()
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a check now' })
  @ApiAcceptedResponse({ type: CheckQueuedDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, foreign or paused monitor.' })
  async run(@CurrentAccount() accountId: string, @Param('id') id: string): Promise<CheckQueuedDto> {
    await this.monitors.runNow(accountId, id);
    return { status: 'queued' };
  }

  @Get(':id/webhook-secret')
  @MonitorIdParam()
  @ApiOperation({ summary: "The secret that signs this monitor's webhook notifications" })
  @ApiOkResponse({ type: MonitorWebhookSecretDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async webhookSecret(
    @CurrentAccount() accountId: string,
    @Param('id') id: string,
  ): Promise<MonitorWebhookSecretDto> {
    return { webhookSecret: await this.monitors.webhookSecret(accountId, id) };
  }

  @Post(':id/webhook-secret/rotate')
  @MonitorIdParam()
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace the monitor's signing secret; the old one stops signing at once",
  })
  @ApiOkResponse({ type: MonitorWebhookSecretDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async rotateWebhookSecret(
    @CurrentAccount() accountId: string,
    @Param('id') id: string,
  ): Promise<MonitorWebhookSecretDto> {
    return { webhookSecret: await this.monitors.rotateWebhookSecret(accountId, id) };
  }

  @Get(':id/checks')
  @MonitorIdParam()
  @ApiOperation({
    summary: "A monitor's checks, newest first; page with ?before=<checkedAt of the last one>",
  })
  @ApiOkResponse({ type: MonitorCheckListDto })
  @ApiBadRequestResponse({ type: ValidationErrorBodyDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async checks(
    @CurrentAccount() accountId: string,
    @Param('id') id: string,
    @Query() query: HistoryQueryDto,
  ): Promise<MonitorCheckListDto> {
    return { checks: await this.monitors.checks(accountId, id, page(query)) };
  }

  @Get(':id/checks/:checkId/snapshot')
  @MonitorIdParam()
  @ApiParam({ name: 'checkId', format: 'uuid', description: 'A check id of the monitor.' })
  @ApiOperation({
    summary:
      'What a successful check read: the watched text it compared, kept while the check is (browse the history check by check)',
  })
  @ApiOkResponse({ type: MonitorSnapshotResponseDto })
  @ApiNotFoundResponse({
    type: NotFoundErrorBodyDto,
    description: 'Unknown or foreign monitor, unknown check, an error check, or a check no longer kept.',
  })
  async snapshot(
    @CurrentAccount() accountId: string,
    @Param('id') id: string,
    @Param('checkId') checkId: string,
  ): Promise<MonitorSnapshotResponseDto> {
    return { snapshot: await this.monitors.snapshot(accountId, id, checkId) };
  }

  @Get(':id/events')
  @MonitorIdParam()
  @ApiOperation({
    summary:
      "A monitor's change events with their line diffs, newest first; page with ?before=<detectedAt of the last one>",
  })
  @ApiOkResponse({ type: MonitorEventListDto })
  @ApiBadRequestResponse({ type: ValidationErrorBodyDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown or foreign monitor.' })
  async events(
    @CurrentAccount() accountId: string,
    @Param('id') id: string,
    @Query() query: HistoryQueryDto,
  ): Promise<MonitorEventListDto> {
    return { events: await this.monitors.events(accountId, id, page(query)) };
  }
}

function page(query: HistoryQueryDto): HistoryPage {
  return {
    limit: query.limit ?? DEFAULT_PAGE,
    before: query.before === undefined ? undefined : new Date(query.before),
  };
}
