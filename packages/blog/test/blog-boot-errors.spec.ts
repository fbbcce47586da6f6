import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import { MissingModuleRequirementError } from '@quarry/core';
import { closeReport } from '@quarry/testing';
import { BlogContentError, BlogModule } from '../src';
import { ContentFolder, createBlogTestContext, postText, TestClock } from './support/blog-test-module';

const clock = new TestClock(new Date('2026-11-24T12:00:00.000Z'));

describe('BlogModule boot', () => {
  let folder: ContentFolder;

  beforeEach(() => {
    folder = new ContentFolder();
  });
  afterEach(() => folder.destroy());

  const boot = () => createBlogTestContext({ engine: 'sqlite', clock, options: { contentDir: folder.dir } });

  it.each([
    ['a missing required field', postText({ title: undefined }), 'title is required'],
    ['an empty field', postText({ excerpt: '  ' }), 'excerpt must be a non-empty string'],
    ['an id that is not a UUID', postText({ id: 'post-1' }), 'id must be a UUID'],
    ['a slug with capitals', postText({ slug: 'Signed-Webhooks' }), 'slug must be lower-case'],
    ['an unknown searchIntent', postText({ searchIntent: 'curious' }), 'searchIntent must be one of'],
    ['an unknown status', postText({ status: 'live' }), 'status must be one of published, draft'],
    [
      'a time without a zone',
      postText({ publishedAt: '2026-11-20T09:00:00' }),
      'publishedAt must be an ISO 8601',
    ],
    ['a misspelt field', postText({ publishedat: '2026-11-20' }), 'publishedat is not a front matter field'],
    [
      'a citation without a URL',
      postText({ citations: [{ title: 'T', publisher: 'P', accessedAt: '2026-11-01', claim: 'C' }] }),
      'citations[0].url is required',
    ],
    [
      'a citation URL that is not http(s)',
      postText({
        citations: [
          { title: 'T', url: 'ftp://x.org/', publisher: 'P', accessedAt: '2026-11-01', claim: 'C' },
        ],
      }),
      'citations[0].url must be an http(s) URL',
    ],
    ['quality that is not a mapping', postText({ quality: 'good' }), 'quality must be a mapping or null'],
    ['no front matter', '# Just Markdown\n', 'must start with front matter'],
    ['broken YAML', '---\ntitle: [unclosed\n---\nbody\n', 'has invalid front matter'],
    ['an empty body', postText({}, ''), 'body is empty'],
  ])('stops on %s, naming the file and the field', async (_case, text, reason) => {
    folder.writePost('good.md', { slug: 'good' });
    folder.write('broken.md', text);
    const booting = boot();
    await expect(booting).rejects.toThrow(BlogContentError);
    await expect(booting).rejects.toThrow(`${join(folder.dir, 'broken.md')}: ${reason}`);
  });

  it('stops on two files with one slug, naming both', async () => {
    folder.writePost('a.md', { slug: 'same', publishedAt: '2026-11-01T00:00:00Z' });
    folder.writePost('b.md', { slug: 'same', publishedAt: '2026-11-02T00:00:00Z' });
    await expect(boot()).rejects.toThrow(
      `${join(folder.dir, 'b.md')}: slug same is also used by ${join(folder.dir, 'a.md')}`,
    );
  });

  it('stops on two published posts at one instant, which paging by time could not tell apart', async () => {
    folder.writePost('a.md', { slug: 'a', publishedAt: '2026-11-01T09:00:00Z' });
    folder.writePost('b.md', { slug: 'b', publishedAt: '2026-11-01T09:00:00.000Z' });
    await expect(boot()).rejects.toThrow(
      `${join(folder.dir, 'b.md')}: publishedAt 2026-11-01T09:00:00.000Z is also used`,
    );
  });

  it('stops when the content folder cannot be read', async () => {
    const missing = join(folder.dir, 'nowhere');
    await expect(
      createBlogTestContext({ engine: 'sqlite', clock, options: { contentDir: missing } }),
    ).rejects.toThrow(`${missing}: cannot be read as the blog content folder`);
  });

  it.each([
    [{ contentDir: '' }, 'BlogModule: option contentDir must be the folder of post files, got ""'],
    [{ contentDir: '.', watch: 'yes' }, 'watch must be a boolean'],
    [{ contentDir: '.', cacheMaxAgeSeconds: -1 }, 'cacheMaxAgeSeconds must be an integer >= 0'],
    [{ contentDir: '.', watchDebounceMs: 1.5 }, 'watchDebounceMs must be an integer >= 0'],
  ])('refuses the options %j', async (options, message) => {
    await expect(
      createBlogTestContext({ engine: 'sqlite', clock, options: options as never }),
    ).rejects.toThrow(message);
  });

  it('fails the boot naming each missing piece and what to import', async () => {
    const compiling = Test.createTestingModule({
      imports: [BlogModule.forRoot({ contentDir: folder.dir })],
    }).compile();
    await expect(compiling).rejects.toThrow(MissingModuleRequirementError);
    await expect(compiling).rejects.toThrow(
      /BlogModule cannot start[\s\S]*TypeOrmModule\.forRoot\(\)[\s\S]*QuarryCoreModule/,
    );
  });

  it('leaves no open handle when closed right after start, watching', async () => {
    folder.writePost('a.md', { slug: 'a' });
    const report = await closeReport(async () => {
      const context = await createBlogTestContext({
        engine: 'sqlite',
        clock,
        options: { contentDir: folder.dir, watch: true, watchDebounceMs: 10 },
      });
      folder.writePost('b.md', { slug: 'b' });
      await context.close();
    });
    expect(report.leaked).toEqual([]);
  });
});
