import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
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
import { CrawlJobsService } from '../jobs/crawl-jobs.service';
import { callbackOf } from './callback-of';
import { BatchScrapeRequestDto } from './dto/batch-scrape-request.dto';
import { CrawlAcceptedDto } from './dto/crawl-job.dto';
import { crawlJobRoutes } from './crawl-job-routes';

@ApiTags('crawl')
@Controller('batch/scrape')
@QuarryHttp()
@GuardedRoutes()
export class BatchScrapeController extends crawlJobRoutes('batch') {
  constructor(jobs: CrawlJobsService) {
    super(jobs);
  }

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
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: BatchScrapeRequestDto,
  ): Promise<CrawlAcceptedDto> {
    const { callbackUrl, callbackToken, webhookEvents, ...batch } = body;
    const job = await this.jobs.batch(
      accountId,
      { ...batch, callback: callbackOf({ callbackUrl, callbackToken, webhookEvents }) },
      apiKeyId,
    );
    return { jobId: job.id, status: 'queued' };
  }
}
