import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiGatewayTimeoutResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
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
import { SCRAPE_OPERATION, ScrapeService } from '../domain/scrape.service';
import { InvalidateRequestDto, ScrapeRequestDto } from './dto/scrape-request.dto';
import { OkDto, ScrapeErrorBodyDto, ScrapeResultDto } from './dto/scrape-response.dto';

@ApiTags('scrape')
@Controller()
@QuarryHttp()
@GuardedRoutes()
@ApiBadRequestResponse({
  type: ValidationErrorBodyDto,
  description: 'Invalid body, or a URL that is not public http(s).',
})
export class ScrapeController {
  constructor(private readonly scraper: ScrapeService) {}

  @Post('scrape')
  @HttpCode(200)
  @MeteredRoute({ charges: SCRAPE_OPERATION })
  @ApiOperation({
    summary: 'Scrape a public page into readable Markdown and HTML (1 credit per success, cached or not)',
  })
  @ApiOkResponse({ type: ScrapeResultDto })
  @ApiPaymentRequiredResponse({ type: PaymentRequiredErrorBodyDto })
  @ApiForbiddenResponse({ type: ScrapeErrorBodyDto, description: 'AUTH_REQUIRED' })
  @ApiNotFoundResponse({ type: ScrapeErrorBodyDto, description: 'URL_NOT_FOUND' })
  @ApiUnprocessableEntityResponse({
    type: ScrapeErrorBodyDto,
    description: 'UNREADABLE_CONTENT or TOO_LARGE',
  })
  @ApiBadGatewayResponse({ type: ScrapeErrorBodyDto, description: 'ORIGIN_ERROR or SCRAPE_FAILED' })
  @ApiGatewayTimeoutResponse({ type: ScrapeErrorBodyDto, description: 'TIMEOUT' })
  async scrape(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: ScrapeRequestDto,
  ): Promise<ScrapeResultDto> {
    const { result } = await this.scraper.scrape(accountId, body, apiKeyId);
    return result;
  }

  @Post('invalidate')
  @HttpCode(200)
  @ApiOperation({ summary: "Drop a URL's cached result so its next scrape is fresh" })
  @ApiOkResponse({ type: OkDto })
  async invalidate(@QuarryBody() body: InvalidateRequestDto): Promise<OkDto> {
    await this.scraper.invalidate(body.url);
    return { ok: true };
  }
}
