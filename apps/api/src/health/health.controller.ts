import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { JobQueue } from '@quarry/core';

type CheckState = 'ok' | 'error' | 'disabled';

class HealthChecksDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  database!: CheckState;

  @ApiProperty({ enum: ['ok', 'error'] })
  queue!: CheckState;

  @ApiProperty({ enum: ['ok', 'error', 'disabled'], description: 'disabled until a browser-backed module is composed in' })
  browser!: CheckState;
}

class HealthDto {
  @ApiProperty({ enum: ['ok', 'error'] })
  status!: 'ok' | 'error';

  @ApiProperty({ description: 'Seconds since the process started.' })
  uptime!: number;

  @ApiProperty({ type: HealthChecksDto })
  checks!: HealthChecksDto;
}

interface StatusResponse {
  status(code: number): void;
}

const probe = (check: () => Promise<unknown>): Promise<CheckState> =>
  check().then(
    () => 'ok',
    () => 'error',
  );

@ApiTags('utility')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness and dependencies: 200 when the database and the queue answer, else 503' })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ type: HealthDto })
  async health(@Res({ passthrough: true }) response: StatusResponse): Promise<HealthDto> {
    const [database, queue] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.queue.ping())]);
    const status = database === 'ok' && queue === 'ok' ? 'ok' : 'error';
    if (status === 'error') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status, uptime: Math.round(process.uptime()), checks: { database, queue, browser: 'disabled' } };
  }
}
