/** Exact `host:port` exemptions from the address rules; a host is exempt on the listed port only. */
export class HostPortAllowList {
  private readonly entries: ReadonlySet<string>;

  constructor(entries: readonly string[]) {
    this.entries = new Set(entries.map(normaliseEntry));
  }

  /** `hostname` as in URL.hostname, IPv6 with or without brackets. */
  has(hostname: string, port: number): boolean {
    return this.entries.has(`${bare(hostname)}:${port}`);
  }
}

function normaliseEntry(entry: string): string {
  const match = /^([^/@\\\s]+):(\d{1,5})$/.exec(entry.trim());
  const port = Number(match?.[2]);
  // URL parsing gives the same spelling the policy compares against (lower case, canonical IPs).
  const hostname = match && URL.canParse(`http://${match[1]}`) ? new URL(`http://${match[1]}`).hostname : '';
  if (!hostname || port < 1 || port > 65535) {
    throw new Error(`allowHosts entry "${entry}" must be host:port, e.g. 127.0.0.1:4000 or [::1]:4000`);
  }
  return `${bare(hostname)}:${port}`;
}

function bare(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}
