import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { BLOG_SETTINGS, type BlogSettings } from '../../blog-options.interface';
import { BlogPostStore } from '../../ports/blog-post.store';
import { FolderWatcher } from './folder-watcher';
import { readPostFolder } from './post-folder';

/**
 * Loads the content folder into the store at boot (a bad file fails the boot) and, with `watch`,
 * again after each change; a bad file then is logged and the posts loaded before stay served.
 */
@Injectable()
export class BlogContentLoader implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('BlogModule');
  private watcher: FolderWatcher | undefined;
  /** The reload running now, awaited on shutdown so no query outlives the DataSource. */
  private reloading: Promise<void> = Promise.resolve();
  private reloadAgain = false;
  private closed = false;

  constructor(
    @Inject(BLOG_SETTINGS) private readonly settings: BlogSettings,
    private readonly store: BlogPostStore,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.load();
    if (this.settings.watch && !this.closed)
      this.watcher = new FolderWatcher(this.settings.contentDir, this.settings.watchDebounceMs, () =>
        this.scheduleReload(),
      );
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.watcher?.close();
    await this.reloading;
  }

  /** Reads every post file and makes the stored set exactly what the folder holds. */
  private async load(): Promise<void> {
    const files = await readPostFolder(this.settings.contentDir);
    await this.store.replaceAll(files.map(({ post }) => post));
    this.logger.log(`Loaded ${files.length} post file(s) from ${this.settings.contentDir}`);
  }

  /** One reload at a time; a change during a reload runs one more after it. */
  private scheduleReload(): void {
    if (this.closed) return;
    if (this.reloadAgain) return;
    this.reloadAgain = true;
    this.reloading = this.reloading.then(async () => {
      this.reloadAgain = false;
      if (this.closed) return;
      try {
        await this.load();
      } catch (error: unknown) {
        this.logger.error(`Posts not reloaded, the ones loaded before stay: ${(error as Error).message}`);
      }
    });
  }
}
