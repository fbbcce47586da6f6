import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsRFC3339, Max, Min } from 'class-validator';
import { OptionalField } from '@quarry/http';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/blog.service';

export class BlogListQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @OptionalField()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @ApiPropertyOptional({
    description: 'Only posts published before this time: the nextCursor of the previous page.',
    format: 'date-time',
    example: '2026-11-21T10:00:00.000Z',
  })
  @OptionalField()
  @IsRFC3339()
  before?: string;
}
