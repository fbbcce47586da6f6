import { Module } from '@nestjs/common';
import { ScrapeController } from './scrape.controller';

/** `POST /scrape` and `POST /invalidate`; mount it under your API prefix with `RouterModule`. */
@Module({ controllers: [ScrapeController] })
export class ScrapeHttpModule {}
