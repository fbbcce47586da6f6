import { Injectable } from '@nestjs/common';
import { PublicUrlPolicy } from '@quarry/net';
import { SiteFiles } from './site-files';

/** Which found URLs a crawl records: those the public-URL policy accepts before any lookup, and robots.txt allows. */
@Injectable()
export class LinkFilter {
  constructor(
    private readonly policy: PublicUrlPolicy,
    private readonly files: SiteFiles,
  ) {}

  /** Address literals that are not public and names of the local machine are refused here; every fetch checks DNS again. */
  async allows(url: URL): Promise<boolean> {
    try {
      this.policy.checkWithoutLookup(url.href);
    } catch {
      return false;
    }
    return (await this.files.robots(url.origin)).allows(url);
  }
}
