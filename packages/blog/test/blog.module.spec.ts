import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@quarry/core';
import { eventually, testDatabaseEngines } from '@quarry/testing';
import { BlogService } from '../src';
import { BlogTestContext, ContentFolder, createBlogTestContext, TestClock } from './support/blog-test-module';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const day = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

describe.each(testDatabaseEngines())('BlogModule on %s', (engine) => {
  let folder: ContentFolder;
  let clock: TestClock;
  let context: BlogTestContext | undefined;

  beforeEach(() => {
    folder = new ContentFolder();
    clock = new TestClock(NOW);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    folder.destroy();
  });

  const start = async (options: { watch?: boolean; async?: boolean } = {}) => {
    context = await createBlogTestContext({
      engine,
      clock,
      async: options.async,
      options: { contentDir: folder.dir, watch: options.watch, watchDebounceMs: 50 },
    });
    return context.moduleRef.get(BlogService);
  };

  it.each([false, true])(
    'lists published posts newest first, pages with before and nextCursor (forRootAsync: %s)',
    async (async) => {
      for (let n = 1; n <= 5; n++) folder.writePost(`p${n}.md`, { slug: `post-${n}`, publishedAt: day(n) });
      folder.writePost('draft.md', { slug: 'a-draft', status: 'draft', publishedAt: day(0.5) });
      const blog = await start({ async });

      const first = await blog.list({ limit: 2 });
      expect(first.posts.map((post) => post.slug)).toEqual(['post-1', 'post-2']);
      expect(first.nextCursor).toEqual(new Date(day(2)));
      const second = await blog.list({ limit: 2, before: first.nextCursor! });
      expect(second.posts.map((post) => post.slug)).toEqual(['post-3', 'post-4']);
      const last = await blog.list({ limit: 2, before: second.nextCursor! });
      expect(last).toEqual({ posts: [expect.objectContaining({ slug: 'post-5' })], nextCursor: null });
      expect((await blog.list()).posts).toHaveLength(5);
    },
  );

  it('returns every summary field, and the post with its front matter, defaults and body', async () => {
    const id = randomUUID();
    folder.writePost(
      'signed.md',
      {
        id,
        slug: 'signed-webhooks',
        title: 'Signed webhooks',
        excerpt: 'How the signature is made.',
        primaryKeyword: 'webhook signature',
        searchIntent: 'informational',
        cluster: 'webhooks',
        publishedAt: '2026-11-20T09:00:00Z',
        citations: [
          {
            title: 'Standard Webhooks',
            url: 'https://www.standardwebhooks.com/',
            publisher: 'Standard Webhooks',
            accessedAt: '2026-11-01',
            claim: 'The signed content is id.timestamp.body.',
          },
        ],
        quality: { reviewedBy: 'maintainers' },
      },
      `# Signed\n\n${'word '.repeat(500)}`,
    );
    const blog = await start();

    const [summary] = (await blog.list()).posts;
    expect(summary).toEqual({
      id,
      slug: 'signed-webhooks',
      title: 'Signed webhooks',
      excerpt: 'How the signature is made.',
      primaryKeyword: 'webhook signature',
      searchIntent: 'informational',
      cluster: 'webhooks',
      readingMinutes: 3,
      publishedAt: new Date('2026-11-20T09:00:00.000Z'),
      updatedAt: new Date('2026-11-20T09:00:00.000Z'),
    });
    expect(await blog.get('signed-webhooks')).toEqual({
      ...summary,
      status: 'published',
      bodyMarkdown: `# Signed\n\n${'word '.repeat(500).trim()}`,
      metaTitle: 'Signed webhooks',
      metaDescription: 'How the signature is made.',
      citations: [
        {
          title: 'Standard Webhooks',
          url: 'https://www.standardwebhooks.com/',
          publisher: 'Standard Webhooks',
          accessedAt: '2026-11-01T00:00:00.000Z',
          claim: 'The signed content is id.timestamp.body.',
        },
      ],
      quality: { reviewedBy: 'maintainers' },
      scheduledFor: null,
      publicationDate: '2026-11-20',
      disclosure: null,
      relatedPosts: [],
    });
  });

  it('gives related posts of the same cluster first, then the newest others, never the post itself', async () => {
    folder.writePost('a.md', { slug: 'a', cluster: 'net', publishedAt: day(1) });
    folder.writePost('b.md', { slug: 'b', cluster: 'billing', publishedAt: day(2) });
    folder.writePost('c.md', { slug: 'c', cluster: 'net', publishedAt: day(3) });
    folder.writePost('d.md', { slug: 'd', cluster: 'billing', publishedAt: day(4) });
    folder.writePost('e.md', { slug: 'e', cluster: 'net', publishedAt: day(5) });
    const blog = await start();

    const related = (await blog.get('d')).relatedPosts.map((post) => post.slug);
    expect(related).toEqual(['b', 'a', 'c']);
  });

  it('keeps a post with a future publishedAt hidden until the clock reaches it, without a reload', async () => {
    const soon = new Date(NOW.getTime() + 3_600_000).toISOString();
    folder.writePost('now.md', { slug: 'now', publishedAt: day(1) });
    folder.writePost('soon.md', { slug: 'soon', publishedAt: soon });
    const blog = await start();

    expect((await blog.list()).posts.map((post) => post.slug)).toEqual(['now']);
    await expect(blog.get('soon')).rejects.toThrow(NotFoundError);
    expect((await blog.get('now')).relatedPosts).toEqual([]);

    clock.current = new Date(soon);
    expect((await blog.list()).posts.map((post) => post.slug)).toEqual(['soon', 'now']);
    expect((await blog.get('soon')).slug).toBe('soon');
  });

  it('answers NotFoundError for unknown slugs and drafts', async () => {
    folder.writePost('draft.md', { slug: 'draft', status: 'draft' });
    const blog = await start();
    await expect(blog.get('draft')).rejects.toThrow(NotFoundError);
    await expect(blog.get('nothing-here')).rejects.toThrow(NotFoundError);
  });

  it('loads the folder again on a restart, dropping posts whose files are gone', async () => {
    folder.writePost('a.md', { slug: 'a', publishedAt: day(1) });
    folder.writePost('b.md', { slug: 'b', publishedAt: day(2) });
    await start();
    const database = context!.database;
    await context!.moduleRef.close();

    folder.remove('a.md');
    folder.writePost('c.md', { slug: 'c', publishedAt: day(3) });
    const restarted = await createBlogTestContext({
      engine,
      clock,
      database,
      options: { contentDir: folder.dir },
    });
    try {
      const blog = restarted.moduleRef.get(BlogService);
      expect((await blog.list()).posts.map((post) => post.slug)).toEqual(['b', 'c']);
    } finally {
      await restarted.close();
    }
  });

  it('reloads on change with watch: new, edited and deleted files', async () => {
    folder.writePost('a.md', { slug: 'a', title: 'First title', publishedAt: day(1) });
    const blog = await start({ watch: true });
    const titles = async () => (await blog.list()).posts.map((post) => `${post.slug}:${post.title}`);
    let seen: string[] = await titles();
    expect(seen).toEqual(['a:First title']);

    const poll = async (expected: string[]) => {
      const watcher = setInterval(() => void titles().then((value) => (seen = value)), 50);
      try {
        await eventually(() => JSON.stringify(seen) === JSON.stringify(expected));
      } finally {
        clearInterval(watcher);
      }
    };
    folder.writePost('a.md', { slug: 'a', title: 'Second title', publishedAt: day(1) });
    folder.writePost('b.md', { slug: 'b', title: 'New post', publishedAt: day(2) });
    await poll(['a:Second title', 'b:New post']);

    folder.remove('a.md');
    await poll(['b:New post']);

    // A bad file on reload is reported and the posts loaded before stay served.
    folder.write('bad.md', '---\ntitle: no slug\n---\nbody\n');
    folder.writePost('c.md', { slug: 'c', title: 'Not yet', publishedAt: day(3) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await titles()).toEqual(['b:New post']);
  });

  it('does not watch the folder without watch', async () => {
    folder.writePost('a.md', { slug: 'a', publishedAt: day(1) });
    const blog = await start();
    folder.writePost('b.md', { slug: 'b', publishedAt: day(2) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await blog.list()).posts.map((post) => post.slug)).toEqual(['a']);
  });
});
