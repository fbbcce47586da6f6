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
  ApiTooManyRequestsResponse,
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
  RateLimitedErrorBodyDto,
  ValidationErrorBodyDto,
} from '@quarry/http';
import { BRAND_OPERATION, BrandService } from '../domain/brand.service';
import { BrandRequestDto } from './dto/brand-request.dto';
import { BrandErrorBodyDto, BrandResponseDto } from './dto/brand-response.dto';

@ApiTags('brand')
@Controller()
@QuarryHttp()
@GuardedRoutes()
export class BrandController {
  constructor(private readonly brands: BrandService) {}

  @Post('brand')
  @HttpCode(200)
  @MeteredRoute({ charges: BRAND_OPERATION })
  @ApiOperation({
    summary: "A site's brand profile: logo, colours, fonts, identity and social links (1 credit per success)",
    description:
      'The page is rendered once in headless Chromium (1280 x 800, light colour-scheme preference) under the public-URL policy, ' +
      'every request it makes included, and measured once it settled: computed styles weighted by painted area, custom properties, ' +
      'theme-color, JSON-LD, og/twitter tags, icon links and the web app manifest, inline SVGs, header, <picture> and CSS background ' +
      'images. The price is reserved before the page is fetched, charged on success and given back on failure.',
  })
  @ApiOkResponse({ type: BrandResponseDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, or a URL that is not public http(s) (details.url).',
  })
  @ApiPaymentRequiredResponse({
    type: PaymentRequiredErrorBodyDto,
    description: 'The balance is lower than the price (1).',
  })
  @ApiForbiddenResponse({
    type: BrandErrorBodyDto,
    description: 'AUTH_REQUIRED: the page answered 401 or 403.',
  })
  @ApiNotFoundResponse({
    type: BrandErrorBodyDto,
    description: 'URL_NOT_FOUND: the page answered 404 or 410, or the host does not resolve.',
  })
  @ApiUnprocessableEntityResponse({
    type: BrandErrorBodyDto,
    description: 'UNREADABLE_CONTENT: the URL is not a web page.',
  })
  @ApiTooManyRequestsResponse({
    type: RateLimitedErrorBodyDto,
    description: 'rate_limited: the per-key limit, or every browser page busy; see Retry-After.',
  })
  @ApiBadGatewayResponse({
    type: BrandErrorBodyDto,
    description: 'ORIGIN_ERROR (origin 5xx, unreachable) or SCRAPE_FAILED (blocked or failed rendering).',
  })
  @ApiGatewayTimeoutResponse({ type: BrandErrorBodyDto, description: 'TIMEOUT: timeoutMs elapsed.' })
  async brand(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: BrandRequestDto,
  ): Promise<BrandResponseDto> {
    return { brand: await this.brands.profile(accountId, body, apiKeyId) };
  }
}
