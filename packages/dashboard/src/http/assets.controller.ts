import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DASHBOARD_JS } from './views/enhancement-script';
import { DASHBOARD_CSS } from './views/stylesheet';

/** The stylesheet and the small enhancement script, served by the app itself. */
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
}
