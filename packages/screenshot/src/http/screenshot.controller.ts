import { Controller, HttpCode, Post, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiGatewayTimeoutResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiProduces,
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
import { SCREENSHOT_OPERATION, ScreenshotService } from '../domain/screenshot.service';
import { ScreenshotRequestDto } from './dto/screenshot-request.dto';
import { ScreenshotErrorBodyDto, UpstreamErrorBodyDto } from './dto/screenshot-error-body.dto';

interface HeaderResponse {
  setHeader(name: string, value: string): void;
  /** Set once the connection is gone (the client gave up). */
  readonly destroyed: boolean;
}

@ApiTags('screenshot')
@Controller()
@QuarryHttp()
@GuardedRoutes()
export class ScreenshotController {
  constructor(private readonly screenshots: ScreenshotService) {}

  @Post('screenshot')
  @HttpCode(200)
  @MeteredRoute({ charges: SCREENSHOT_OPERATION })
  @ApiOperation({
    summary: 'Capture a public page as a JPEG (5 credits per success; failures cost nothing)',
    description:
      'The page is loaded in headless Chromium with a 1280 x 800 viewport at device scale 1 and captured once its load event fired, ' +
      'its fonts are ready and its network is quiet (at most 10 s), then after waitForSelector and extraWaitMs. Every request the ' +
      'page makes must reach a public address; others are blocked. The price is reserved before the capture, charged after it, and given back if it fails.',
  })
  @ApiProduces('image/jpeg', 'application/json')
  @ApiOkResponse({
    description: 'The JPEG: 1280 x 800, or 1280 wide and up to 10000 high with fullPage.',
    content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'X-Final-Url': {
        description: 'The URL of the captured document, after redirects.',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBadRequestResponse({
    type: ValidationErrorBodyDto,
    description: 'Invalid body, or a URL that is not public http(s) (details.url).',
  })
  @ApiPaymentRequiredResponse({
    type: PaymentRequiredErrorBodyDto,
    description: 'The balance is lower than the price of a screenshot (5).',
  })
  @ApiUnprocessableEntityResponse({
    type: UpstreamErrorBodyDto,
    description: 'UPSTREAM_ERROR: the page answered >= 400, could not be reached, or rendered nothing.',
  })
  @ApiBadGatewayResponse({
    type: ScreenshotErrorBodyDto,
    description: 'CAPTURE_FAILED: the browser failed, or the page was blocked by the network policy.',
  })
  @ApiGatewayTimeoutResponse({
    type: ScreenshotErrorBodyDto,
    description: 'TIMEOUT: timeoutMs elapsed, or waitForSelector did not appear in time.',
  })
  async screenshot(
    @CurrentAccount() accountId: string,
    @CurrentApiKey() apiKeyId: string | undefined,
    @QuarryBody() body: ScreenshotRequestDto,
    @Res({ passthrough: true }) response: HeaderResponse,
  ): Promise<StreamableFile> {
    // A client that gave up before the image was ready does not pay for it.
    const shot = await this.screenshots.capture(accountId, body, {
      apiKeyId,
      wanted: () => !response.destroyed,
    });
    response.setHeader('X-Final-Url', shot.finalUrl);
    response.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(shot.image, { type: 'image/jpeg', length: shot.image.length });
  }
}
