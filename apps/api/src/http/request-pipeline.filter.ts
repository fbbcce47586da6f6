import { Catch, HttpException } from '@nestjs/common';
import { QuarryExceptionFilter } from '@quarry/http';

/**
 * The API's JSON error bodies (docs/api.md §1) for what Nest raises before any controller runs (an
 * unreadable or oversized body, an unknown route); controllers carry their own filter, so nothing
 * they throw is caught here.
 */
@Catch(HttpException)
export class RequestPipelineFilter extends QuarryExceptionFilter {}
