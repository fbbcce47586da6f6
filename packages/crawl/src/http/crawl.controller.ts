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
import { ScrapeErrorBodyDto } from '@quarry/scrape';
import { CrawlJobsService } from '../jobs/crawl-jobs.service';
import { callbackOf } from './callback-of';
import { CrawlAcceptedDto, CrawlJobDto } from './dto/crawl-job.dto';
import { CrawlRequestDto } from './dto/crawl-request.dto';

@ApiTags('crawl')
@Controller('crawl')
@QuarryHttp()
@GuardedRoutes()
export class CrawlController {
  constructor(private readonly jobs: CrawlJobsService) {}

  @Post()
  @HttpCode(202)
  @MeteredRoute()
  @ApiOperation({
    summary:
      'Crawl a site from a URL: its pages scraped as a job over every worker (1 credit per page scraped)',
  })
  @ApiAcceptedResponse({ type: CrawlAcceptedDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, a url / callbackUrl that is not public http(s), or a refused path pattern.',
  })
  @ApiNotFoundResponse({
    type: ScrapeErrorBodyDto,
    description: 'URL_NOT_FOUND: the host of url does not resolve.',
  })
  @ApiPaymentRequiredResponse({
    type: PaymentRequiredErrorBodyDto,
    description: 'The balance cannot pay one page.',
  })
  async crawl(@CurrentAccount() accountId: string, @Body() body: CrawlRequestDto): Promise<CrawlAcceptedDto> {
    const { callbackUrl, callbackToken, webhookEvents, ...crawl } = body;
    const job = await this.jobs.crawl(accountId, {
      ...crawl,
      callback: callbackOf({ callbackUrl, callbackToken, webhookEvents }),
    });
    return { jobId: job.id, status: 'queued' };
  }

  @Get(':jobId')
  @ApiOperation({ summary: "A crawl's state, counts and recorded pages (100 per answer, then `next`)" })
  @ApiQuery({ name: 'cursor', required: false, description: 'The `next` of the previous answer.' })
  @ApiOkResponse({ type: CrawlJobDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
  async status(
    @CurrentAccount() accountId: string,
    @Param('jobId') jobId: string,
    @Query('cursor') cursor?: string,
  ): Promise<CrawlJobDto> {
    return this.jobs.status(accountId, 'crawl', jobId, cursor);
  }

  @Delete(':jobId')
  @ApiOperation({
    summary: 'Cancel a crawl: no page starts after this; pages in flight finish and are charged',
  })
  @ApiOkResponse({ type: CrawlJobDto })
  @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
  async cancel(@CurrentAccount() accountId: string, @Param('jobId') jobId: string): Promise<CrawlJobDto> {
    return this.jobs.cancel(accountId, 'crawl', jobId);
  }
}
