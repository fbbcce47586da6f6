import { applyDecorators, UseFilters, UsePipes } from '@nestjs/common';
import { QuarryExceptionFilter } from './quarry-exception.filter';
import { QuarryValidationPipe } from './quarry-validation.pipe';

/**
 * Put on every Quarry controller: its routes answer the API's JSON error bodies and validate their DTOs
 * in any host app, without global filters or pipes that would change the host's own routes.
 */
export const QuarryHttp = () =>
  applyDecorators(UseFilters(QuarryExceptionFilter), UsePipes(QuarryValidationPipe));
