import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { healthIndicator, type HealthIndicatorResult } from '@quarry/core';
import { QuarryHttp } from '@quarry/http';
import { JobQueue, jobQueueHealth } from '@quarry/queue';
import { BrowserPool, browserHealth } from '@quarry/browser';

type CheckState = 'ok' | 'error';
type BrowserState = 'ok' | 'idle' | 'error';

class HealthChecksDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  database!: CheckState;

  @ApiProperty({ enum: ['ok', 'error'] })
  queue!: CheckState;

  @ApiProperty({
    enum: ['ok', 'idle', 'error'],
    description: 'idle: Chromium starts on first use; error does not fail the health check',
  })
  browser!: BrowserState;
}

class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  status!: 'ok' | 'error';

  @ApiProperty({ type: 'integer', description: 'Whole seconds since the process started.' })
  uptime!: number;

  @ApiProperty({ type: HealthChecksDto })
  checks!: HealthChecksDto;
}

interface StatusResponse {
  status(code: number): void;
}

const checkState = (result: HealthIndicatorResult): CheckState =>
  Object.values(result)[0].status === 'up' ? 'ok' : 'error';

/** As `checkState`, and `idle` for a browser not launched yet. */
const browserState = (result: HealthIndicatorResult): BrowserState => {
  const [{ status, state }] = Object.values(result);
  if (status === 'down') return 'error';
  return state === 'idle' ? 'idle' : 'ok';
};

@ApiTags('utility')
@Controller('health')
@QuarryHttp()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly browser: BrowserPool,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Liveness and dependencies: 200 when the database and the queue answer, else 503',
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async health(@Res({ passthrough: true }) response: StatusResponse): Promise<HealthDto> {
    const [database, queue, browser] = await Promise.all([
      healthIndicator('database', async () => void (await this.dataSource.query('SELECT 1'))).then(
        checkState,
      ),
      jobQueueHealth(this.queue).then(checkState),
      browserHealth(this.browser).then(browserState),
    ]);
    const status = database === 'ok' && queue === 'ok' ? 'ok' : 'error';
    if (status === 'error') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status, uptime: Math.round(process.uptime()), checks: { database, queue, browser } };
  }
}
