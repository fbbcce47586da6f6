import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mappedLookup, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { NetModule, PublicUrlPolicy, SafeHttpClient, type NetModuleOptions } from '../src';
import { DEFAULT_USER_AGENT } from '../src/http/safe-http.client';
import { systemLookup } from '../src/policy/host.lookup';

let origin: FixtureServer;
let userAgents: (string | undefined)[];

beforeAll(async () => {
  origin = await startFixtureServer((req, res) => {
    userAgents.push(req.headers['user-agent']);
    res.end('x'.repeat(64));
  });
});
afterAll(() => origin.close());
beforeEach(() => (userAgents = []));

const options = (): NetModuleOptions => ({
  allowHosts: [`fixture.test:${origin.port}`],
  lookup: mappedLookup({ 'fixture.test': ['127.0.0.1'] }, systemLookup),
  userAgent: 'ModuleTest/1',
  maxBodyBytes: 32,
  defaultTimeoutMs: 2000,
});

@Injectable()
class Consumer {
  constructor(readonly client: SafeHttpClient) {}
}

describe.each([
  ['forRoot', () => NetModule.forRoot(options())],
  ['forRootAsync', () => NetModule.forRootAsync({ useFactory: async () => options() })],
])('NetModule.%s', (_name, load) => {
  it('provides a policy and a client built from the options', async () => {
    const app = await Test.createTestingModule({ imports: [load()] }).compile();
    const policy = app.get(PublicUrlPolicy);
    const client = app.get(SafeHttpClient);

    expect(policy.isAllowed('fixture.test', origin.port)).toBe(true);
    await expect(policy.check('http://127.0.0.1/')).rejects.toMatchObject({ code: 'BLOCKED' });
    await expect(client.request(`http://fixture.test:${origin.port}/`)).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
    await expect(
      client.request(`http://fixture.test:${origin.port}/`, { maxBytes: 64 }),
    ).resolves.toMatchObject({ status: 200 });
    expect(userAgents).toEqual(['ModuleTest/1', 'ModuleTest/1']);
    await app.close();
  });

  it('closes the client on application shutdown', async () => {
    const app = await Test.createTestingModule({ imports: [load()] }).compile();
    const client = app.get(SafeHttpClient);
    await app.close();
    await expect(client.request(`http://fixture.test:${origin.port}/`)).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
    });
    expect(userAgents).toEqual([]);
  });
});

describe('NetModule options', () => {
  it('is visible to other modules by default', async () => {
    @Module({ providers: [Consumer] })
    class FeatureModule {}
    const app = await Test.createTestingModule({
      imports: [NetModule.forRoot({}), FeatureModule],
    }).compile();
    expect(app.get(Consumer).client).toBeInstanceOf(SafeHttpClient);
    await app.close();
  });

  it('stays local with isGlobal: false', async () => {
    @Module({ providers: [Consumer] })
    class FeatureModule {}
    await expect(
      Test.createTestingModule({
        imports: [NetModule.forRoot({ isGlobal: false }), FeatureModule],
      }).compile(),
    ).rejects.toThrow(/SafeHttpClient/);
  });

  it.each([
    [{ allowHosts: ['localhost'] }, 'allowHosts entry "localhost" must be host:port'],
    [{ allowHost: ['127.0.0.1:80'] }, 'NetModule: unknown option allowHost — did you mean allowHosts?'],
    [{ maxBodyBytes: 0 }, 'NetModule: option maxBodyBytes must be an integer >= 1, got 0'],
    [{ defaultTimeoutMs: 1.5 }, 'NetModule: option defaultTimeoutMs must be an integer >= 1, got 1.5'],
  ])('fails at boot on invalid options %j', async (invalid, message) => {
    await expect(
      Test.createTestingModule({ imports: [NetModule.forRoot(invalid as NetModuleOptions)] }).compile(),
    ).rejects.toThrow(message);
  });

  it('keeps the default of an option given as undefined', async () => {
    const app = await Test.createTestingModule({
      imports: [NetModule.forRoot({ ...options(), userAgent: undefined, maxBodyBytes: 64 })],
    }).compile();
    await app.get(SafeHttpClient).request(`http://fixture.test:${origin.port}/`);
    expect(userAgents).toEqual([DEFAULT_USER_AGENT]);
    await app.close();
  });
});
