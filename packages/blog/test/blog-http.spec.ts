import { Controller, Get, INestApplication } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { Clock, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { BlogHttpModule, BlogModule } from '../src';
import { ContentFolder, schemaParts, TestClock } from './support/blog-test-module';

@Controller('host')
class HostController {
  @Get()
  hello(): { hello: string } {
    return { hello: 'host' };
  }
}

const NOW = new Date('2026-11-24T12:00:00.000Z');

describe('BlogHttpModule in a host app, under v1/api', () => {
  let folder: ContentFolder;
  let database: TestDatabase;
  let app: INestApplication;
  const clock = new TestClock(NOW);

  beforeAll(async () => {
    folder = new ContentFolder();
    for (let n = 1; n <= 3; n++)
      folder.writePost(`p${n}.md`, {
        slug: `post-${n}`,
        cluster: n === 3 ? 'billing' : 'net',
        publishedAt: new Date(NOW.getTime() - n * 3_600_000).toISOString(),
      });
    folder.writePost('later.md', { slug: 'later', publishedAt: '2026-12-01T00:00:00Z' });
    database = await createTestDatabase('sqlite', schemaParts);
    const blog = BlogModule.forRoot({ contentDir: folder.dir, isGlobal: false, cacheMaxAgeSeconds: 120 });
    const moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        blog,
        BlogHttpModule.forRoot({ imports: [blog] }),
        RouterModule.register([{ path: 'v1/api', module: BlogHttpModule }]),
      ],
      controllers: [HostController],
    })
      .overrideProvider(Clock)
      .useValue(clock)
      .compile();
    app = moduleRef.createNestApplication();
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    folder?.destroy();
  });

  const get = (path: string) => request(app.getHttpServer()).get(path);

  it('lists published posts without a key, with ETag and Cache-Control', async () => {
    const response = await get('/v1/api/blog/posts?limit=2');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=120');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.body.posts.map((post: { slug: string }) => post.slug)).toEqual(['post-1', 'post-2']);
    expect(response.body.posts[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slug: 'post-1',
      title: 'Title of post-1',
      excerpt: 'Excerpt of post-1.',
      primaryKeyword: 'content extraction',
      searchIntent: 'informational',
      cluster: 'net',
      readingMinutes: 1,
      publishedAt: '2026-11-24T11:00:00.000Z',
      updatedAt: '2026-11-24T11:00:00.000Z',
    });
    expect(response.body.nextCursor).toBe('2026-11-24T10:00:00.000Z');
    const next = await get(`/v1/api/blog/posts?limit=2&before=${response.body.nextCursor}`);
    expect(next.body).toEqual({ posts: [expect.objectContaining({ slug: 'post-3' })], nextCursor: null });
  });

  it('serves one post with its related posts, same cluster first', async () => {
    const response = await get('/v1/api/blog/posts/post-2');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=120');
    expect(response.body.post).toMatchObject({ slug: 'post-2', status: 'published', scheduledFor: null });
    expect(response.body.post.relatedPosts.map((post: { slug: string }) => post.slug)).toEqual([
      'post-1',
      'post-3',
    ]);
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 when the content changed', async () => {
    for (const path of ['/v1/api/blog/posts', '/v1/api/blog/posts/post-1']) {
      const first = await get(path);
      const etag = first.headers.etag;
      const again = await get(path).set('if-none-match', etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=120');
      expect((await get(path).set('if-none-match', `"other", W/${etag}`)).status).toBe(304);
      expect((await get(path).set('if-none-match', '"other"')).status).toBe(200);
    }
    const listing = await get('/v1/api/blog/posts');
    clock.current = new Date('2026-12-01T00:00:00Z');
    try {
      const changed = await get('/v1/api/blog/posts').set('if-none-match', listing.headers.etag);
      expect(changed.status).toBe(200);
      expect(changed.body.posts[0].slug).toBe('later');
      expect(changed.headers.etag).not.toBe(listing.headers.etag);
    } finally {
      clock.current = NOW;
    }
  });

  it('answers 404 not_found for unknown and not yet published slugs', async () => {
    for (const slug of ['nothing', 'later']) {
      const response = await get(`/v1/api/blog/posts/${slug}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });

  it.each([['limit=0'], ['limit=101'], ['limit=2.5'], ['before=yesterday'], ['colour=red']])(
    'answers 400 invalid_request to ?%s',
    async (query) => {
      const response = await get(`/v1/api/blog/posts?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_request', details: expect.any(Object) });
    },
  );

  it("leaves the host's own routes alone", async () => {
    const response = await get('/host');
    expect(response.body).toEqual({ hello: 'host' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
