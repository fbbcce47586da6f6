import { randomBytes } from 'node:crypto';

/** `BLOCKED` when the policy refused the target, else the Chromium net error name of the failure. */
export type ProxyVerdict = 'BLOCKED' | `ERR_${string}`;

export const REFUSAL_HEADER = 'x-quarry-proxy-refusal';

/**
 * What the checking proxy refused during one job: the count for logs, and the latest verdict per
 * host:port so a failed main navigation can say why.
 */
export class ProxyJournal {
  /** Marks the proxy's own refusal responses so no origin can pass one off as ours. */
  readonly token = randomBytes(12).toString('hex');
  private blockedCount = 0;
  private readonly verdicts = new Map<string, ProxyVerdict>();
  private last?: { target: string; verdict: ProxyVerdict };

  get blocked(): number {
    return this.blockedCount;
  }

  record(target: string, verdict: ProxyVerdict): void {
    if (verdict === 'BLOCKED') this.blockedCount += 1;
    this.verdicts.set(target, verdict);
    this.last = { target, verdict };
  }

  /** The host:port and verdict of the latest refusal, if any. */
  get latest(): { target: string; verdict: ProxyVerdict } | undefined {
    return this.last;
  }

  /** The latest verdict on the host:port of `url`, if anything was refused there. */
  verdictFor(url: string): ProxyVerdict | undefined {
    const target = targetOfUrl(url);
    return target === undefined ? undefined : this.verdicts.get(target);
  }

  /** The verdict carried by a response the proxy itself generated, judged by its headers. */
  verdictInHeaders(headers: Record<string, string>): ProxyVerdict | undefined {
    const [token, verdict] = (headers[REFUSAL_HEADER] ?? '').split(' ');
    return token === this.token && isVerdict(verdict) ? verdict : undefined;
  }

  refusalHeaderValue(verdict: ProxyVerdict): string {
    return `${this.token} ${verdict}`;
  }
}

/** `host:port` as the journal keys it: URL-canonical host, explicit port. */
export function targetKey(hostname: string, port: number): string {
  return `${hostname}:${port}`;
}

function targetOfUrl(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const secure = parsed.protocol === 'https:' || parsed.protocol === 'wss:';
  return targetKey(parsed.hostname, Number(parsed.port) || (secure ? 443 : 80));
}

function isVerdict(value: string | undefined): value is ProxyVerdict {
  return value === 'BLOCKED' || /^ERR_[A-Z_]+$/.test(value ?? '');
}
