import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Length, Max, Min } from 'class-validator';
import { HttpUrlField, OptionalField } from '@quarry/http';
import { MAP_LIMITS } from '../../domain/map-request';

export class MapRequestDto {
  @HttpUrlField({ description: 'A public http(s) URL of the site.', example: 'https://example.com/' })
  url!: string;

  @ApiPropertyOptional({
    description:
      'Keep only the URLs naming this (its words, case-insensitive) in their path and query or their title where known (the start page, link texts), the best matches first.',
    minLength: 1,
    maxLength: 200,
  })
  @OptionalField()
  @IsString()
  @Length(1, 200)
  search?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAP_LIMITS.maxLimit,
    default: MAP_LIMITS.defaultLimit,
    description: 'URLs at most.',
  })
  @OptionalField()
  @IsInt()
  @Min(1)
  @Max(MAP_LIMITS.maxLimit)
  limit?: number;

  @ApiPropertyOptional({ description: 'Subdomains of the host too.', default: false })
  @OptionalField()
  @IsBoolean()
  includeSubdomains?: boolean;
}

export class MapResponseDto {
  @ApiProperty({ type: [String], description: 'The URLs, the start URL first unless a search ranks them.' })
  links!: string[];
}
