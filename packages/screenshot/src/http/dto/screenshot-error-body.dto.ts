import { ApiProperty } from '@nestjs/swagger';

export class ScreenshotErrorBodyDto {
  @ApiProperty({ enum: ['UPSTREAM_ERROR', 'CAPTURE_FAILED', 'TIMEOUT'] })
  error!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ format: 'uri', description: 'The URL as requested.' })
  url!: string;
}

export class UpstreamErrorBodyDto extends ScreenshotErrorBodyDto {
  @ApiProperty({ enum: ['UPSTREAM_ERROR'] })
  declare error: string;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The origin's HTTP status (>= 400, or 200 for a page that rendered nothing); null when the origin gave no HTTP answer (host not found, connection refused, TLS failure).",
    example: 404,
  })
  status!: number | null;
}
