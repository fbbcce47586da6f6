import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

interface Summary {
  slug: string;
  cluster: string;
  publishedAt: string;
}

describe('blog routes of the reference app, serving the shipped articles (docs/api.md §9)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists the articles without a key, newest first, and pages with nextCursor', async () => {
    const all = await request(t.url).get('/v1/api/blog/posts');
    expect(all.status).toBe(200);
    const posts: Summary[] = all.body.posts;
    expect(posts.length).toBeGreaterThanOrEqual(4);
    const times = posts.map((post) => post.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.nextCursor).toBeNull();

    const first = await request(t.url).get('/v1/api/blog/posts?limit=1');
    expect(first.body.posts.map((post: Summary) => post.slug)).toEqual([posts[0].slug]);
    const second = await request(t.url).get(`/v1/api/blog/posts?limit=1&before=${first.body.nextCursor}`);
    expect(second.body.posts.map((post: Summary) => post.slug)).toEqual([posts[1].slug]);
  });

  it('serves each article with its citations and related posts, same cluster first', async () => {
    const posts: Summary[] = (await request(t.url).get('/v1/api/blog/posts')).body.posts;
    for (const summary of posts) {
      const response = await request(t.url).get(`/v1/api/blog/posts/${summary.slug}`);
      expect(response.status).toBe(200);
      const { post } = response.body;
      expect(post).toMatchObject({ slug: summary.slug, status: 'published' });
      expect(post.citations.length).toBeGreaterThan(0);
      expect(post.readingMinutes).toBeGreaterThan(0);
      const clusters = post.relatedPosts.map((related: Summary) => related.cluster === post.cluster);
      expect([...clusters].sort().reverse()).toEqual(clusters);
    }
  });

  it('answers 304 to a matching If-None-Match and 404 not_found to an unknown slug', async () => {
    const first = await request(t.url).get('/v1/api/blog/posts');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await request(t.url).get('/v1/api/blog/posts').set('if-none-match', first.headers.etag);
    expect(again.status).toBe(304);
    const missing = await request(t.url).get('/v1/api/blog/posts/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('not_found');
  });
});
