import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DASHBOARD_JS } from './views/enhancement-script';
import { FAVICON_SVG } from './views/favicon';
import { DASHBOARD_CSS } from './views/stylesheet';

/** The stylesheet, the small enhancement script and the icon, served by the app itself. */
@ApiExcludeController()
@Controller('assets')
export class AssetsController {
  @Get('dashboard.css')
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  stylesheet(): string {
    return DASHBOARD_CSS;
  }

  @Get('dashboard.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  script(): string {
    return DASHBOARD_JS;
  }

  @Get('favicon.svg')
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=86400')
  favicon(): string {
    return FAVICON_SVG;
  }
}
