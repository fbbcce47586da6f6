import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class ScrapeRequestDto {
  @ApiProperty({
    description: 'A public http(s) URL.',
    maxLength: 2048,
    example: 'https://example.com/article',
  })
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({
    description: 'Skip the cache read; the fresh result is still cached.',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  forceFresh?: boolean;

  @ApiPropertyOptional({
    description: 'Budget of the whole request in milliseconds.',
    minimum: 1000,
    maximum: 120000,
    default: 30000,
  })
  @IsOptional()
  @IsInt()
  @Min(1000)
  @Max(120000)
  timeoutMs?: number;

  @ApiPropertyOptional({
    description: 'Render in headless Chromium and wait for this CSS selector.',
    maxLength: 512,
  })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  waitForSelector?: string;

  @ApiPropertyOptional({
    description: 'Render in headless Chromium and wait this long after load, in milliseconds.',
    minimum: 0,
    maximum: 10000,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10000)
  extraWaitMs?: number;
}

export class InvalidateRequestDto {
  @ApiProperty({ description: 'The URL whose cached result is dropped.', maxLength: 2048 })
  @IsString()
  @MaxLength(2048)
  url!: string;
}
