import { testDatabaseEngines } from '@quarry/testing';
import { AccountsService, WebhookSecretsService } from '../src';
import { AccountsTestContext, createAccountsTestContext } from './accounts-test-module';

describe.each(testDatabaseEngines())('WebhookSecretsService on %s', (engine) => {
  let context: AccountsTestContext;
  let accounts: AccountsService;
  let secrets: WebhookSecretsService;

  beforeAll(async () => {
    context = await createAccountsTestContext(engine);
    accounts = context.moduleRef.get(AccountsService);
    secrets = context.moduleRef.get(WebhookSecretsService);
  });
  afterAll(() => context.close());

  it('gives every account its own whsec_ secret of 32 random bytes', async () => {
    const [a, b] = await Promise.all([
      accounts.create('a@example.com', 0),
      accounts.create('b@example.com', 0),
    ]);
    const [sa, sb] = await Promise.all([secrets.get(a.id), secrets.get(b.id)]);
    expect(sa.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(sa.webhookSecret.slice(6), 'base64')).toHaveLength(32);
    expect(sa.webhookSecret).not.toBe(sb.webhookSecret);
    expect(await secrets.signingSecrets(a.id)).toEqual([sa.webhookSecret]);
  });

  it('signs with both the new and the old secret during the grace period after a rotation', async () => {
    const { id } = await accounts.create('rotate@example.com', 0);
    const before = await secrets.get(id);
    const after = await secrets.rotate(id);
    expect(after.webhookSecret).not.toBe(before.webhookSecret);
    expect(Date.parse(after.previousSecretValidUntil!)).toBeGreaterThan(Date.now());
    expect(await secrets.signingSecrets(id)).toEqual([after.webhookSecret, before.webhookSecret]);
  });
});
