import { Controller, Get, Headers, Inject, Param, Query, Res } from '@nestjs/common';
import {
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { NotFoundErrorBodyDto, QuarryHttp, ValidationErrorBodyDto } from '@quarry/http';
import { BLOG_SETTINGS, type BlogSettings } from '../blog-options.interface';
import { BlogService } from '../domain/blog.service';
import { sendConditionalJson, type JsonResponse } from './conditional-json';
import { BlogListQueryDto } from './dto/blog-request.dto';
import { BlogPostListDto, BlogPostResponseDto } from './dto/blog-response.dto';

const CACHE_HEADERS = {
  ETag: {
    description: 'A strong tag of the body; send it back in If-None-Match.',
    schema: { type: 'string' },
  },
  'Cache-Control': { description: 'public, max-age=<seconds> (default 60).', schema: { type: 'string' } },
} as const;

const IfNoneMatch = () =>
  ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of a copy you hold: 304 when it is current.',
  });

const NotModified = () =>
  ApiResponse({ status: 304, description: 'Your copy is current.', headers: CACHE_HEADERS });

/** The articles, open to everyone: no key, no credits. */
@ApiTags('blog')
@Controller('blog/posts')
@QuarryHttp()
export class BlogController {
  constructor(
    private readonly blog: BlogService,
    @Inject(BLOG_SETTINGS) private readonly settings: BlogSettings,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Published posts, newest first; page with ?before=<nextCursor>' })
  @IfNoneMatch()
  @ApiOkResponse({ type: BlogPostListDto, headers: CACHE_HEADERS })
  @NotModified()
  @ApiResponse({ status: 400, type: ValidationErrorBodyDto, description: 'A bad limit or before.' })
  async list(
    @Query() query: BlogListQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: JsonResponse,
  ): Promise<void> {
    const page = await this.blog.list({
      limit: query.limit,
      before: query.before === undefined ? undefined : new Date(query.before),
    });
    sendConditionalJson(ifNoneMatch, response, page, this.settings.cacheMaxAgeSeconds);
  }

  @Get(':slug')
  @ApiOperation({ summary: 'One published post with its related posts' })
  @IfNoneMatch()
  @ApiOkResponse({ type: BlogPostResponseDto, headers: CACHE_HEADERS })
  @NotModified()
  @ApiNotFoundResponse({
    type: NotFoundErrorBodyDto,
    description: 'Unknown slug, or a post not published yet.',
  })
  async get(
    @Param('slug') slug: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: JsonResponse,
  ): Promise<void> {
    const post = await this.blog.get(slug);
    sendConditionalJson(ifNoneMatch, response, { post }, this.settings.cacheMaxAgeSeconds);
  }
}
