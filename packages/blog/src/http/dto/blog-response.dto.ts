import { ApiProperty } from '@nestjs/swagger';
import { SEARCH_INTENTS } from '../../domain/blog-post';

export class BlogPostSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', example: 'how-quarry-signs-webhooks' })
  slug!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty()
  excerpt!: string;

  @ApiProperty()
  primaryKeyword!: string;

  @ApiProperty({ enum: SEARCH_INTENTS })
  searchIntent!: string;

  @ApiProperty({ description: 'The topic group; relatedPosts prefer the same cluster.' })
  cluster!: string;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Words of the body at 225 words a minute, rounded up.',
  })
  readingMinutes!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  publishedAt!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: Date;
}

export class BlogPostListDto {
  @ApiProperty({ type: [BlogPostSummaryDto], description: 'Published posts, newest first.' })
  posts!: BlogPostSummaryDto[];

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'The before of the next page; null on the last page.',
  })
  nextCursor!: Date | null;
}

export class CitationDto {
  @ApiProperty()
  title!: string;

  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty()
  publisher!: string;

  @ApiProperty({ format: 'date-time' })
  accessedAt!: string;

  @ApiProperty({ description: 'What the post relies on this source for.' })
  claim!: string;
}

export class BlogPostDto extends BlogPostSummaryDto {
  @ApiProperty({ enum: ['published'] })
  status!: 'published';

  @ApiProperty()
  bodyMarkdown!: string;

  @ApiProperty()
  metaTitle!: string;

  @ApiProperty()
  metaDescription!: string;

  @ApiProperty({ type: [CitationDto] })
  citations!: CitationDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Editorial review data, free-form.',
  })
  quality!: Record<string, unknown> | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  scheduledFor!: Date | null;

  @ApiProperty({ format: 'date', example: '2026-11-20' })
  publicationDate!: string;

  @ApiProperty({ type: String, nullable: true })
  disclosure!: string | null;

  @ApiProperty({ type: [BlogPostSummaryDto], description: 'Other published posts, same cluster first.' })
  relatedPosts!: BlogPostSummaryDto[];
}

export class BlogPostResponseDto {
  @ApiProperty({ type: BlogPostDto })
  post!: BlogPostDto;
}
