import type { LookupAddress } from 'node:dns';
import { startFixtureServer, type FixtureServer } from '@quarry/testing';
import { PublicUrlPolicy, SafeHttpClient, type HostLookup } from '../src';

/** Answers with a public address on the first lookup and with the canary's address afterwards. */
function rebindingLookup(): HostLookup & { calls: number } {
  const lookup = async (): Promise<LookupAddress[]> => {
    lookup.calls += 1;
    return [{ address: lookup.calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  };
  lookup.calls = 0;
  return lookup;
}

let canary: FixtureServer;

beforeAll(async () => (canary = await startFixtureServer((_req, res) => res.end('canary'), { host: '::' })));
afterAll(() => canary.close());

describe('DNS rebinding', () => {
  it('never connects to the private address a name resolves to after it passed validation', async () => {
    const lookup = rebindingLookup();
    const policy = new PublicUrlPolicy({ lookup });
    const client = new SafeHttpClient(policy);
    const url = `http://rebind.test:${canary.port}/`;

    await expect(policy.check(url)).resolves.toBeInstanceOf(URL);
    await expect(client.request(url)).rejects.toMatchObject({ code: 'BLOCKED' });
    await client.close();

    expect(lookup.calls).toBe(2);
    expect(canary.connections).toBe(0);
  });

  it('checks again on every new connection, not only on the first', async () => {
    const answers = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.1'];
    const policy = new PublicUrlPolicy({
      lookup: async () => {
        const address = answers.shift() ?? '127.0.0.1';
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      },
    });
    const client = new SafeHttpClient(policy);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await expect(client.request(`http://flip.test:${canary.port}/`)).rejects.toMatchObject({
        code: 'BLOCKED',
      });
    }
    await client.close();
    expect(answers).toHaveLength(0);
    expect(canary.connections).toBe(0);
  });
});
