import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
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
  GuardedRoutes,
  IdGenerator,
  PaymentRequiredErrorBodyDto,
  QuarryHttp,
  ValidationErrorBodyDto,
} from '@quarry/core';
import { MeteredRoute, PRICE_HOLD_MS } from '@quarry/accounts';
import { ScrapeService } from '../domain/scrape.service';
import { InvalidateRequestDto, ScrapeRequestDto } from './dto/scrape-request.dto';
import { OkDto, ScrapeErrorBodyDto, ScrapeResultDto } from './dto/scrape-response.dto';
import { SCRAPE_SETTINGS, ScrapeSettings } from '../scrape-options.interface';

@ApiTags('scrape')
@Controller()
@QuarryHttp()
@GuardedRoutes()
@ApiBadRequestResponse({
  type: ValidationErrorBodyDto,
  description: 'Invalid body, or a URL that is not public http(s).',
})
export class ScrapeController {
  constructor(
    private readonly scraper: ScrapeService,
    private readonly ids: IdGenerator,
    @Inject(SCRAPE_SETTINGS) private readonly settings: ScrapeSettings,
  ) {}

  @Post('scrape')
  @HttpCode(200)
  @MeteredRoute()
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
    @Body() body: ScrapeRequestDto,
  ): Promise<ScrapeResultDto> {
    const { billing, price } = this.settings;
    const work = { accountId, operation: 'scrape', referenceId: this.ids.uuid(), price };
    // A fetch holds the price while it runs; a cached result is a read, paid by the one charge after it.
    let held = false;
    const hold = async () => {
      await billing.reserve(work, PRICE_HOLD_MS);
      held = true;
    };
    try {
      const { result } = await this.scraper.scrape(body, hold);
      await billing.charge(work);
      return result;
    } catch (error) {
      if (held) await billing.release(work);
      throw error;
    }
  }

  @Post('invalidate')
  @HttpCode(200)
  @ApiOperation({ summary: "Drop a URL's cached result so its next scrape is fresh" })
  @ApiOkResponse({ type: OkDto })
  async invalidate(@Body() body: InvalidateRequestDto): Promise<OkDto> {
    await this.scraper.invalidate(body.url);
    return { ok: true };
  }
}
