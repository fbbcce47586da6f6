import { type FSWatcher, watch } from 'node:fs';
import { isPostFileName } from './post-folder';

/**
 * Calls `onChange` once a burst of changes to the folder's post files has been quiet for
 * `debounceMs` (editors write a file in several steps). `close()` stops watching and drops a
 * pending call.
 */
export class FolderWatcher {
  private readonly watcher: FSWatcher;
  private timer: NodeJS.Timeout | undefined;

  constructor(dir: string, debounceMs: number, onChange: () => void) {
    this.watcher = watch(dir, { persistent: false }, (_event, name) => {
      if (name !== null && !isPostFileName(name.toString())) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(onChange, debounceMs);
    });
    // A folder deleted or moved away ends the watch; the posts loaded before stay served.
    this.watcher.on('error', () => this.close());
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.watcher.close();
  }
}
