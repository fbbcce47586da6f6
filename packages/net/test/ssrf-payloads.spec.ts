import { mappedLookup, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { NetError, PublicUrlPolicy, SafeHttpClient, type NetErrorCode } from '../src';
import { systemLookup } from '../src/policy/host.lookup';

// Every payload aims at the canary (listening on all local addresses) wherever a port applies.
let canary: FixtureServer;
let fixture: FixtureServer;
let policy: PublicUrlPolicy;
let client: SafeHttpClient;

beforeAll(async () => {
  canary = await startFixtureServer((_req, res) => res.end('canary'), { host: '::' });
  fixture = await startFixtureServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    res
      .writeHead(Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 302), {
        location: to,
      })
      .end();
  });
  policy = new PublicUrlPolicy({
    allowHosts: [`127.0.0.1:${fixture.port}`],
    lookup: mappedLookup(
      {
        'rebind.test': ['127.0.0.1'],
        'metadata.google.internal': ['169.254.169.254'],
        'private.test': ['10.0.0.1'],
        'mixed.test': ['93.184.216.34', '127.0.0.1'],
        'loopback6.test': ['::1'],
        'mapped.test': ['::ffff:127.0.0.1'],
        'cgnat.test': ['100.64.0.1'],
      },
      systemLookup,
    ),
  });
  client = new SafeHttpClient(policy, { defaultTimeoutMs: 5000 });
});

afterAll(async () => {
  await client.close();
  await Promise.all([canary.close(), fixture.close()]);
});

afterEach(() => expect(canary.connections).toBe(0));

const P = () => canary.port;

const direct: [string, () => string, NetErrorCode][] = [
  ['loopback', () => `http://127.0.0.1:${P()}/`, 'BLOCKED'],
  ['loopback over https', () => `https://127.0.0.1:${P()}/`, 'BLOCKED'],
  ['decimal', () => `http://2130706433:${P()}/`, 'BLOCKED'],
  ['octal', () => `http://0177.0.0.1:${P()}/`, 'BLOCKED'],
  ['hex', () => `http://0x7f000001:${P()}/`, 'BLOCKED'],
  ['dotted hex', () => `http://0x7f.0.0.1:${P()}/`, 'BLOCKED'],
  ['short 127.1', () => `http://127.1:${P()}/`, 'BLOCKED'],
  ['short 127.0.1', () => `http://127.0.1:${P()}/`, 'BLOCKED'],
  ['zero', () => `http://0:${P()}/`, 'BLOCKED'],
  ['0.0.0.0', () => `http://0.0.0.0:${P()}/`, 'BLOCKED'],
  ['[::1]', () => `http://[::1]:${P()}/`, 'BLOCKED'],
  ['[::]', () => `http://[::]:${P()}/`, 'BLOCKED'],
  ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${P()}/`, 'BLOCKED'],
  ['[::ffff:7f00:1]', () => `http://[::ffff:7f00:1]:${P()}/`, 'BLOCKED'],
  ['[0:0:0:0:0:ffff:127.0.0.1]', () => `http://[0:0:0:0:0:ffff:127.0.0.1]:${P()}/`, 'BLOCKED'],
  ['IPv4-compatible [::127.0.0.1]', () => `http://[::127.0.0.1]:${P()}/`, 'BLOCKED'],
  ['NAT64 [64:ff9b::7f00:1]', () => `http://[64:ff9b::7f00:1]:${P()}/`, 'BLOCKED'],
  ['local NAT64 [64:ff9b:1::7f00:1]', () => `http://[64:ff9b:1::7f00:1]:${P()}/`, 'BLOCKED'],
  ['6to4 of 127.0.0.1', () => `http://[2002:7f00:1::1]:${P()}/`, 'BLOCKED'],
  ['Teredo', () => `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:${P()}/`, 'BLOCKED'],
  ['[fe80::1]', () => `http://[fe80::1]:${P()}/`, 'BLOCKED'],
  ['[fc00::1]', () => `http://[fc00::1]:${P()}/`, 'BLOCKED'],
  ['[fd00::1]', () => `http://[fd00::1]:${P()}/`, 'BLOCKED'],
  ['[ff02::1]', () => `http://[ff02::1]:${P()}/`, 'BLOCKED'],
  ['[2001:db8::1]', () => `http://[2001:db8::1]:${P()}/`, 'BLOCKED'],
  ['10/8', () => `http://10.0.0.1:${P()}/`, 'BLOCKED'],
  ['172.16/12 low', () => `http://172.16.0.1:${P()}/`, 'BLOCKED'],
  ['172.16/12 high', () => `http://172.31.255.254:${P()}/`, 'BLOCKED'],
  ['192.168/16', () => `http://192.168.1.1:${P()}/`, 'BLOCKED'],
  ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', 'BLOCKED'],
  ['mapped cloud metadata', () => 'http://[::ffff:169.254.169.254]/latest/meta-data/', 'BLOCKED'],
  ['CGNAT', () => `http://100.64.0.1:${P()}/`, 'BLOCKED'],
  ['multicast', () => `http://224.0.0.1:${P()}/`, 'BLOCKED'],
  ['broadcast', () => `http://255.255.255.255:${P()}/`, 'BLOCKED'],
  ['benchmarking', () => `http://198.18.0.1:${P()}/`, 'BLOCKED'],
  ['IETF protocol assignments', () => `http://192.0.0.1:${P()}/`, 'BLOCKED'],
  ['TEST-NET-1', () => `http://192.0.2.1:${P()}/`, 'BLOCKED'],
  ['TEST-NET-2', () => `http://198.51.100.1:${P()}/`, 'BLOCKED'],
  ['TEST-NET-3', () => `http://203.0.113.1:${P()}/`, 'BLOCKED'],
  ['240/4', () => `http://240.0.0.1:${P()}/`, 'BLOCKED'],
  ['localhost', () => `http://localhost:${P()}/`, 'BLOCKED'],
  ['name resolving to loopback', () => `http://rebind.test:${P()}/`, 'BLOCKED'],
  ['metadata name', () => 'http://metadata.google.internal/computeMetadata/v1/', 'BLOCKED'],
  ['name resolving to 10/8', () => `http://private.test:${P()}/`, 'BLOCKED'],
  ['name with one private address among public ones', () => `http://mixed.test:${P()}/`, 'BLOCKED'],
  ['name resolving to ::1', () => `http://loopback6.test:${P()}/`, 'BLOCKED'],
  ['name resolving to mapped loopback', () => `http://mapped.test:${P()}/`, 'BLOCKED'],
  ['name resolving to CGNAT', () => `http://cgnat.test:${P()}/`, 'BLOCKED'],
  ['allow-listed host on another port', () => `http://127.0.0.1:${P()}/`, 'BLOCKED'],
  ['allow-listed port on another name', () => `http://localhost:${fixture.port}/`, 'BLOCKED'],
  ['credentials', () => 'http://user:pass@example.com/', 'INVALID_URL'],
  ['username only', () => `http://user@127.0.0.1:${P()}/`, 'INVALID_URL'],
  ['backslash', () => `http://example.com\\@127.0.0.1:${P()}/`, 'INVALID_URL'],
  ['file', () => 'file:///etc/passwd', 'INVALID_URL'],
  ['ftp', () => `ftp://127.0.0.1:${P()}/`, 'INVALID_URL'],
  ['gopher', () => `gopher://127.0.0.1:${P()}/_GET%20/`, 'INVALID_URL'],
  ['data', () => 'data:text/html,<h1>hi</h1>', 'INVALID_URL'],
  ['javascript', () => 'javascript:alert(1)', 'INVALID_URL'],
  ['websocket', () => `ws://127.0.0.1:${P()}/`, 'INVALID_URL'],
  ['not a URL', () => 'not a url', 'INVALID_URL'],
  ['over 2048 characters', () => `http://127.0.0.1:${P()}/${'a'.repeat(2048)}`, 'INVALID_URL'],
];

describe('SSRF payloads', () => {
  it('has at least 40 direct payloads', () => expect(direct.length).toBeGreaterThanOrEqual(40));

  describe.each(direct)('%s', (_name, payload, code) => {
    it(`PublicUrlPolicy.check rejects it with ${code}`, async () => {
      await expect(policy.check(payload())).rejects.toMatchObject({ name: 'NetError', code });
    });

    it(`SafeHttpClient.request rejects it with ${code} without connecting`, async () => {
      await expect(client.request(payload())).rejects.toMatchObject({ name: 'NetError', code });
    });
  });

  const redirects: [string, () => string][] = [
    ['loopback', () => `http://127.0.0.1:${P()}/`],
    ['decimal loopback', () => `http://2130706433:${P()}/`],
    ['[::1]', () => `http://[::1]:${P()}/`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${P()}/`],
    ['localhost', () => `http://localhost:${P()}/`],
    ['name resolving to loopback', () => `http://rebind.test:${P()}/`],
    ['protocol-relative', () => `//127.0.0.1:${P()}/`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['metadata name', () => 'http://metadata.google.internal/'],
    ['file', () => 'file:///etc/passwd'],
    ['gopher', () => `gopher://127.0.0.1:${P()}/_x`],
    ['credentials', () => `http://user:pass@127.0.0.1:${P()}/`],
  ];

  describe.each(redirects)('a redirect from an allow-listed server to %s', (_name, target) => {
    it.each([301, 302, 303, 307, 308])('fails as blocked (%i)', async (status) => {
      const from = fixture.url(`/?status=${status}&to=${encodeURIComponent(target())}`);
      const error = await client.request(from, { method: 'POST', body: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetError);
      expect(error).toMatchObject({
        code: 'BLOCKED',
        message: expect.stringMatching(/^Redirect to .* was blocked: /),
      });
    });
  });
});
