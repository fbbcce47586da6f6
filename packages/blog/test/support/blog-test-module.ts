import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, TestingModule } from '@nestjs/testing';
import { stringify } from 'yaml';
import { Clock, QuarryCoreModule } from '@quarry/core';
import { DatabaseEngine, QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, TestDatabase, testDataSourceModule } from '@quarry/testing';
import { BlogModule, BlogModuleOptions, blogEntities, blogMigrations } from '../../src';

export const schemaParts = {
  entities: blogEntities,
  migrations: blogMigrations,
};

/** A clock the test moves by hand. */
export class TestClock extends Clock {
  constructor(public current: Date) {
    super();
  }

  now(): Date {
    return new Date(this.current);
  }
}

/** A temporary content folder. */
export class ContentFolder {
  readonly dir = mkdtempSync(join(tmpdir(), 'quarry-blog-'));

  write(name: string, text: string): void {
    writeFileSync(join(this.dir, name), text);
  }

  writePost(name: string, fields: Record<string, unknown>, body = 'Some words of the post.'): void {
    this.write(name, postText(fields, body));
  }

  remove(name: string): void {
    rmSync(join(this.dir, name));
  }

  destroy(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The text of a post file: `fields` over a complete set of front matter. */
export function postText(fields: Record<string, unknown>, body = 'Some words of the post.'): string {
  const slug = String(fields.slug ?? `post-${randomUUID().slice(0, 8)}`);
  const front = {
    id: randomUUID(),
    slug,
    title: `Title of ${slug}`,
    excerpt: `Excerpt of ${slug}.`,
    primaryKeyword: 'content extraction',
    searchIntent: 'informational',
    cluster: 'extraction',
    publishedAt: '2026-11-01T09:00:00.000Z',
    ...fields,
  };
  return `---\n${stringify(front)}---\n\n${body}\n`;
}

export interface BlogTestContext {
  moduleRef: TestingModule;
  database: TestDatabase;
  close(): Promise<void>;
}

/** BlogModule over a fresh database of `engine` (or the given one), with the given clock. */
export async function createBlogTestContext(setup: {
  engine: DatabaseEngine;
  clock: TestClock;
  options: BlogModuleOptions;
  async?: boolean;
  /** Share this database with a context started before, as a restarted app would. */
  database?: TestDatabase;
}): Promise<BlogTestContext> {
  const database = setup.database ?? (await createTestDatabase(setup.engine, schemaParts));
  const destroyOwned = async () => {
    if (!setup.database) await database.destroy();
  };
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [
        testDataSourceModule(database.dataSource),
        QuarryCoreModule,
        QuarryDataSourceModule,
        setup.async
          ? BlogModule.forRootAsync({ useFactory: async () => setup.options })
          : BlogModule.forRoot(setup.options),
      ],
    })
      .overrideProvider(Clock)
      .useValue(setup.clock)
      .compile();
    await moduleRef.init().catch(async (error: unknown) => {
      await moduleRef.close();
      throw error;
    });
    return {
      moduleRef,
      database,
      close: async () => {
        await moduleRef.close();
        await destroyOwned();
      },
    };
  } catch (error: unknown) {
    await destroyOwned();
    throw error;
  }
}
