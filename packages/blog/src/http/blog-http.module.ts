import { Module } from '@nestjs/common';
import { type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { BlogService } from '../domain/blog.service';
import { BlogController } from './blog.controller';
import { ConfigurableModuleClass } from './blog-http.module-definition';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const BLOG_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'BlogHttpModule',
  requirements: [
    { token: BlogService, missing: 'BlogService: import BlogModule.forRoot() from @quarry/blog' },
  ],
};

/**
 * `GET /blog/posts` and `GET /blog/posts/:slug`, open to everyone (no key, no guard); mount it
 * under your API prefix with `RouterModule`. Import it as is, or with `forRoot({ imports })` when
 * `BlogModule` is registered with `isGlobal: false`.
 */
@Module({ controllers: [BlogController], providers: [requirementsCheck(BLOG_HTTP_REQUIREMENTS)] })
export class BlogHttpModule extends ConfigurableModuleClass {}
