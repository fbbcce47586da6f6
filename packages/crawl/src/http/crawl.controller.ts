import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  CurrentAccount,
  CurrentApiKey,
  GuardedRoutes,
  MeteredRoute,
  PaymentRequiredErrorBodyDto,
  QuarryBody,
  QuarryHttp,
  ValidationErrorBodyDto,
} from '@quarry/http';
import { ScrapeErrorBodyDto } from '@quarry/scrape';
import { CrawlJobsService } from '../jobs/crawl-jobs.service';
import { callbackOf } from './callback-of';
import { CrawlAcceptedDto } from './dto/crawl-job.dto';
import { crawlJobRoutes } from './crawl-job-routes';
import { CrawlRequestDto } from './dto/crawl-request.dto';

@ApiTags('crawl')
@Controller('crawl')
@QuarryHttp()
@GuardedRoutes()
export class CrawlController extends crawlJobRoutes('crawl') {
  constructor(jobs: CrawlJobsService) {
    super(jobs);
  }

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
  async crawl(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: CrawlRequestDto,
  ): Promise<CrawlAcceptedDto> {
    const { callbackUrl, callbackToken, webhookEvents, ...crawl } = body;
    const job = await this.jobs.crawl(
      accountId,
      { ...crawl, callback: callbackOf({ callbackUrl, callbackToken, webhookEvents }) },
      apiKeyId,
    );
    return { jobId: job.id, status: 'queued' };
  }
}
