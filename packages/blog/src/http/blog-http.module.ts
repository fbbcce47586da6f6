import { Module } from '@nestjs/common';
import { BlogController } from './blog.controller';
import { ConfigurableModuleClass } from './blog-http.module-definition';

/**
 * `GET /blog/posts` and `GET /blog/posts/:slug`, open to everyone (no key, no guard); mount it
 * under your API prefix with `RouterModule`. Import it as is, or with `forRoot({ imports })` when
 * `BlogModule` is registered with `isGlobal: false`.
 */
@Module({ controllers: [BlogController] })
export class BlogHttpModule extends ConfigurableModuleClass {}
