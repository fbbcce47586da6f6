import { PublicUrlPolicy } from './public-url.policy';

const lookup = async (hostname: string) => {
  const table: Record<string, string[]> = {
    'public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'private.test': ['10.0.0.7'],
    localhost: ['127.0.0.1', '::1'],
    'empty.test': [],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'a.localhost': ['93.184.216.34'],
  };
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('PublicUrlPolicy', () => {
  const policy = new PublicUrlPolicy({
    lookup,
    allowHosts: ['127.0.0.1:4000', 'LocalHost:8080', '[::1]:4001'],
  });

  describe('parse', () => {
    it('returns the WHATWG-normalised URL', () => {
      expect(policy.parse('HTTPS://Example.COM:443/a?b#c').href).toBe('https://example.com/a?b#c');
      expect(policy.parse('HTTPS://Example.COM/')).toBeInstanceOf(URL);
    });

    it.each([
      ['ftp://example.com/', 'must use http or https'],
      ['http://user:pass@example.com/', 'username or password'],
      ['http://user@example.com/', 'username or password'],
      ['http://example.com\\@127.0.0.1/', 'backslashes'],
      ['http://exa mple.com/', 'not valid'],
      ['/relative', 'not valid'],
      [' http://example.com/', 'start with http:// or https://'],
      ['http:example.com', 'start with http:// or https://'],
      ['https:/example.com', 'start with http:// or https://'],
      [`http://example.com/${'a'.repeat(2030)}`, 'at most 2048'],
    ])('rejects %s', (url, reason) => {
      expect(() => policy.parse(url)).toThrow(
        expect.objectContaining({ code: 'INVALID_URL', message: expect.stringContaining(reason) }),
      );
    });

    it('accepts exactly 2048 characters', () => {
      const url = `http://example.com/${'a'.repeat(2048 - 'http://example.com/'.length)}`;
      expect(policy.parse(url).href).toHaveLength(2048);
    });
  });

  describe('check', () => {
    it('accepts a name whose addresses are all public', async () => {
      await expect(policy.check('https://public.test/page')).resolves.toMatchObject({
        hostname: 'public.test',
      });
    });

    it('accepts a public IP literal without resolving it', async () => {
      await expect(policy.check('http://8.8.8.8/')).resolves.toBeInstanceOf(URL);
      await expect(policy.check('http://[2606:4700::1111]/')).resolves.toBeInstanceOf(URL);
    });

    it('blocks a name resolving to a private address, naming the address', async () => {
      await expect(policy.check('http://private.test/')).rejects.toMatchObject({
        code: 'BLOCKED',
        message: 'private.test resolves to 10.0.0.7, which is not a public address.',
      });
    });

    it('distinguishes a host that does not resolve', async () => {
      await expect(policy.check('http://missing.test/')).rejects.toMatchObject({ code: 'HOST_NOT_FOUND' });
      await expect(policy.check('http://empty.test/')).rejects.toMatchObject({ code: 'HOST_NOT_FOUND' });
    });

    it.each(['http://127.0.0.1:4000/', 'http://localhost:8080/x', 'http://[::1]:4001/'])(
      'lets the allow-listed %s through without resolving it',
      async (url) => {
        await expect(policy.check(url)).resolves.toBeInstanceOf(URL);
      },
    );

    it.each([
      'http://127.0.0.1/',
      'http://127.0.0.1:4001/',
      'http://localhost:4000/',
      'http://[::1]:4000/',
      'https://127.0.0.1/',
    ])('blocks %s, which is not on the allow-list', async (url) => {
      await expect(policy.check(url)).rejects.toMatchObject({ code: 'BLOCKED' });
    });
  });

  describe('local names (RFC 6761)', () => {
    it.each([
      'http://localhost./',
      'http://a.localhost/',
      'http://A.B.LOCALHOST./x',
      'https://localhost:8443/',
    ])('blocks %s without asking DNS, even when DNS would answer with a public address', async (url) => {
      const asked: string[] = [];
      const counting = new PublicUrlPolicy({ lookup: async (name) => (asked.push(name), lookup(name)) });
      await expect(counting.check(url)).rejects.toMatchObject({
        code: 'BLOCKED',
        message: expect.stringContaining('local machine'),
      });
      expect(asked).toEqual([]);
    });

    it('blocks them when connecting too', async () => {
      await expect(policy.resolvePublic('a.localhost')).rejects.toMatchObject({ code: 'BLOCKED' });
    });

    it('still lets an allow-listed localhost:port through', async () => {
      await expect(policy.check('http://localhost:8080/')).resolves.toBeInstanceOf(URL);
    });
  });

  it('blocks a public-looking name that resolves to loopback', async () => {
    await expect(policy.check('http://127.0.0.1.nip.io/')).rejects.toMatchObject({ code: 'BLOCKED' });
  });

  describe('checkWithoutLookup', () => {
    it('refuses what check refuses without DNS, and asks DNS nothing', () => {
      const asked: string[] = [];
      const counting = new PublicUrlPolicy({ lookup: async (name) => (asked.push(name), lookup(name)) });
      expect(() => counting.checkWithoutLookup('ftp://public.test/')).toThrow(
        expect.objectContaining({ code: 'INVALID_URL' }),
      );
      for (const url of ['http://10.0.0.1/', 'http://[::1]/', 'http://a.localhost/'])
        expect(() => counting.checkWithoutLookup(url)).toThrow(expect.objectContaining({ code: 'BLOCKED' }));
      expect(counting.checkWithoutLookup('http://private.test/x').hostname).toBe('private.test');
      expect(counting.checkWithoutLookup('http://missing.test/').hostname).toBe('missing.test');
      expect(asked).toEqual([]);
    });

    it('lets an allow-listed host:port through', () => {
      expect(policy.checkWithoutLookup('http://127.0.0.1:4000/').port).toBe('4000');
    });
  });

  describe('checkDestination', () => {
    it('accepts a host that does not resolve yet, as every send checks it again', async () => {
      await expect(policy.checkDestination('https://hooks.missing.test/quarry')).resolves.toMatchObject({
        hostname: 'hooks.missing.test',
      });
    });

    it.each([
      ['http://private.test/', 'BLOCKED'],
      ['http://127.0.0.1.nip.io/', 'BLOCKED'],
      ['http://a.localhost/', 'BLOCKED'],
      ['http://10.0.0.1/', 'BLOCKED'],
      ['ftp://public.test/', 'INVALID_URL'],
      ['', 'INVALID_URL'],
    ])('refuses %j like check does (%s)', async (url, code) => {
      await expect(policy.checkDestination(url)).rejects.toMatchObject({ code });
    });
  });

  it.each([
    '127.0.0.1',
    'localhost',
    ':4000',
    'host:0',
    'host:70000',
    'http://host:80',
    'user@host:80',
    '::1:4000',
  ])('refuses the allowHosts entry %j at construction', (entry) => {
    expect(() => new PublicUrlPolicy({ allowHosts: [entry] })).toThrow(/must be host:port/);
  });
});
