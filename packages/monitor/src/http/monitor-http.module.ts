import { Module } from '@nestjs/common';
import { MonitorsController } from './monitors.controller';

/**
 * `POST/GET /monitors`, `GET/PATCH/DELETE /monitors/:id`, `POST /monitors/:id/run`,
 * `GET /monitors/:id/checks` and `GET /monitors/:id/events`; mount it under your API prefix with `RouterModule`.
 */
@Module({ controllers: [MonitorsController] })
export class MonitorHttpModule {}
