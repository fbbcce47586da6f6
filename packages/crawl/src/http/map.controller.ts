import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
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
import { MAP_OPERATION, MapService } from '../domain/map.service';
import { MapRequestDto, MapResponseDto } from './dto/map-request.dto';

@ApiTags('crawl')
@Controller('map')
@QuarryHttp()
@GuardedRoutes()
export class MapController {
  constructor(private readonly maps: MapService) {}

  @Post()
  @HttpCode(200)
  @MeteredRoute({ charges: MAP_OPERATION })
  @ApiOperation({
    summary: "List a site's URLs from its sitemaps and start page, optionally ranked by a search (1 credit)",
  })
  @ApiOkResponse({ type: MapResponseDto })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, or a url that is not public http(s).',
  })
  @ApiNotFoundResponse({
    type: ScrapeErrorBodyDto,
    description: 'URL_NOT_FOUND: the host of url does not resolve.',
  })
  @ApiPaymentRequiredResponse({ type: PaymentRequiredErrorBodyDto })
  async map(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: MapRequestDto,
  ): Promise<MapResponseDto> {
    return this.maps.map(accountId, body, apiKeyId);
  }
}
