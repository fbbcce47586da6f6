import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BlogContentError } from '../../domain/blog-content.error';
import { parsePostFile } from '../../domain/post-file';
import { checkPostSet, type PostFile } from '../../domain/post-set';

/** Whether a file name in the content folder is a post (editors' hidden swap and lock files are not). */
export const isPostFileName = (name: string): boolean => name.endsWith('.md') && !name.startsWith('.');

/** Reads and checks every post of the folder; the first problem throws a `BlogContentError`. */
export async function readPostFolder(dir: string): Promise<PostFile[]> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && isPostFileName(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error: unknown) {
    throw new BlogContentError(
      dir,
      undefined,
      `cannot be read as the blog content folder: ${(error as Error).message}`,
    );
  }
  const files: PostFile[] = [];
  for (const name of names) {
    const file = join(dir, name);
    files.push({ file, post: parsePostFile(file, await readFile(file, 'utf8')) });
  }
  checkPostSet(files);
  return files;
}
