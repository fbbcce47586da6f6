import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiQuery,
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
import { CrawlJobsService } from '../jobs/crawl-jobs.service';
import { callbackOf } from './callback-of';
import { BatchScrapeRequestDto } from './dto/batch-scrape-request.dto';
import { CrawlAcceptedDto, CrawlJobDto } from './dto/crawl-job.dto';

@ApiTags('crawl')
@Controller('batch/scrape')
@QuarryHttp()
@GuardedRoutes()
export class BatchScrapeController {
  constructor(private readonly jobs: CrawlJobsService) {}

  @Post()
  @HttpCode(202)
  @MeteredRoute()
  @ApiOperation({ summary: 'Scrape a list of URLs as one job (1 credit per page scraped)' })
  @ApiAcceptedResponse({ type: CrawlAcceptedDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, or a URL / callbackUrl that is not public http(s) (the first is named).',
  })
  @ApiPaymentRequiredResponse({
    type: PaymentRequiredErrorBodyDto,
    description: 'The balance cannot pay one page.',
  })
  async submit(
    @CurrentAccount() accountId: string,
    @Body() body: BatchScrapeRequestDto,
  ): Promise<CrawlAcceptedDto> {
    const { callbackUrl, callbackToken, webhookEvents, ...batch } = body;
    const job = await this.jobs.batch(accountId, {
      ...batch,
      callback: callbackOf({ callbackUrl, callbackToken, webhookEvents }),
    });
    return { jobId: job.id, status: 'queued' };
  }

  @Get(':jobId')
  @ApiOperation({ summary: "A batch's state, counts and recorded pages (100 per answer, then `next`)" })
  @ApiQuery({ name: 'cursor', required: false, description: 'The `next` of the previous answer.' })
  @ApiOkResponse({ type: CrawlJobDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
  async status(
    @CurrentAccount() accountId: string,
    @Param('jobId') jobId: string,
    @Query('cursor') cursor?: string,
  ): Promise<CrawlJobDto> {
    return this.jobs.status(accountId, 'batch', jobId, cursor);
  }

  @Delete(':jobId')
  @ApiOperation({
    summary: 'Cancel a batch: no page starts after this; pages in flight finish and are charged',
  })
  @ApiOkResponse({ type: CrawlJobDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
  async cancel(@CurrentAccount() accountId: string, @Param('jobId') jobId: string): Promise<CrawlJobDto> {
    return this.jobs.cancel(accountId, 'batch', jobId);
  }
}
