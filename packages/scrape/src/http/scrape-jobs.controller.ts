import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  CurrentAccount,
  GuardedRoutes,
  NotFoundErrorBodyDto,
  PaymentRequiredErrorBodyDto,
  QuarryHttp,
  ValidationErrorBodyDto,
} from '@quarry/http';
import { MeteredRoute } from '@quarry/accounts';
import { ScrapeJob } from '../jobs/scrape-job';
import { ScrapeJobsService } from '../jobs/scrape-jobs.service';
import { AsyncScrapeAcceptedDto, AsyncScrapeRequestDto, ScrapeJobDto } from './dto/async-scrape.dto';
import { ScrapeErrorBodyDto } from './dto/scrape-response.dto';

@ApiTags('scrape')
@Controller('scrape')
@QuarryHttp()
@GuardedRoutes()
export class ScrapeJobsController {
  constructor(private readonly jobs: ScrapeJobsService) {}

  @Post('async')
  @HttpCode(202)
  @MeteredRoute()
  @ApiOperation({
    summary:
      'Queue a scrape; the result is POSTed to callbackUrl, signed with Standard Webhooks (1 credit when it succeeds)',
  })
  @ApiAcceptedResponse({ type: AsyncScrapeAcceptedDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, or a url / callbackUrl that is not public http(s).',
  })
  @ApiNotFoundResponse({
    type: ScrapeErrorBodyDto,
    description: 'URL_NOT_FOUND: the host of url does not resolve.',
  })
  @ApiPaymentRequiredResponse({ type: PaymentRequiredErrorBodyDto })
  async submit(
    @CurrentAccount() accountId: string,
    @Body() body: AsyncScrapeRequestDto,
  ): Promise<AsyncScrapeAcceptedDto> {
    const job = await this.jobs.submit(accountId, body);
    return { jobId: job.id, status: 'queued' };
  }

  @Get('jobs/:jobId')
  @ApiOperation({ summary: "An async scrape's state, result or error, and callback delivery" })
  @ApiOkResponse({ type: ScrapeJobDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
  async get(@CurrentAccount() accountId: string, @Param('jobId') jobId: string): Promise<ScrapeJobDto> {
    return jobView(await this.jobs.get(accountId, jobId));
  }
}

function jobView(job: ScrapeJob): ScrapeJobDto {
  return {
    jobId: job.id,
    status: job.status,
    attempts: job.attempts,
    result: job.result,
    error: job.error,
    // Every async scrape has a callback, so it always has a delivery.
    delivery: job.delivery!,
  };
}
