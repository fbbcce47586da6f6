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
  JobStatusController,
  MeteredRoute,
  PaymentRequiredErrorBodyDto,
  QuarryBody,
  QuarryHttp,
  ValidationErrorBodyDto,
} from '@quarry/http';
import { ScrapeJobsService } from '../jobs/scrape-jobs.service';
import {
  AsyncScrapeAcceptedDto,
  AsyncScrapeRequestDto,
  ScrapeJobDto,
  scrapeJobView,
} from './dto/async-scrape.dto';
import { ScrapeErrorBodyDto } from './dto/scrape-response.dto';

@ApiTags('scrape')
@Controller('scrape')
@QuarryHttp()
@GuardedRoutes()
export class ScrapeJobsController extends JobStatusController({
  summary: "An async scrape's state, result or error, and callback delivery",
  type: ScrapeJobDto,
  view: scrapeJobView,
}) {
  constructor(override readonly jobs: ScrapeJobsService) {
    super();
  }

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
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: AsyncScrapeRequestDto,
  ): Promise<AsyncScrapeAcceptedDto> {
    const job = await this.jobs.submit(accountId, body, apiKeyId);
    return { jobId: job.id, status: 'queued' };
  }
}
