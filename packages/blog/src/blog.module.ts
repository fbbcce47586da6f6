import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { checkedProviders, Clock, COMMON_REQUIREMENTS, type ModuleRequirements } from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { BLOG_MODULE_OPTIONS, ConfigurableModuleClass } from './blog.module-definition';
import { BLOG_SETTINGS, BlogModuleOptions, resolveBlogSettings } from './blog-options.interface';
import { BlogService } from './domain/blog.service';
import { BlogContentLoader } from './infrastructure/content/blog-content.loader';
import { TypeormBlogPostStore } from './infrastructure/typeorm/typeorm-blog-post.store';
import { BlogPostStore } from './ports/blog-post.store';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const BLOG_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'BlogModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
  ],
};

/**
 * Articles: the post files of `contentDir`, checked and loaded into the database at boot (and on
 * change with `watch`), read through `BlogService`. Needs, in the app: `QuarryCoreModule`, `QuarryDataSourceModule` and a
 * TypeORM `DataSource` with `blogEntities` and `blogMigrations`. Global by default, so
 * `BlogHttpModule` finds `BlogService`.
 */
@Module({
  providers: checkedProviders(BLOG_REQUIREMENTS, [
    {
      provide: BLOG_SETTINGS,
      inject: [BLOG_MODULE_OPTIONS],
      useFactory: (options: BlogModuleOptions) => resolveBlogSettings(options),
    },
    {
      provide: BlogPostStore,
      inject: [QUARRY_DATA_SOURCE],
      useFactory: (dataSource: DataSource) => new TypeormBlogPostStore(dataSource),
    },
    BlogService,
    BlogContentLoader,
  ]),
  exports: [BlogService, BLOG_SETTINGS],
})
export class BlogModule extends ConfigurableModuleClass {}
