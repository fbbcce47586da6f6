import { AccountDirectory } from '@quarry/core';
import { testDatabaseEngines } from '@quarry/testing';
import { AccountsService, CreditLedger, WebhookSecretsService } from '../src';
import { AccountsTestContext, createAccountsTestContext } from './accounts-test-module';

describe.each(testDatabaseEngines())("accounts of a host app's users on %s", (engine) => {
  let context: AccountsTestContext;
  let accounts: AccountsService;

  beforeAll(async () => {
    context = await createAccountsTestContext(engine);
    accounts = context.moduleRef.get(AccountsService);
  });
  afterAll(() => context.close());

  it('makes one account per host user, however many first calls race', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        accounts.ensureAccount('user-42', { email: 'u42@example.com', credits: 5 }),
      ),
    );
    expect(new Set(made.map((account) => account.id)).size).toBe(1);
    expect(made[0]).toEqual({ id: made[0].id, email: 'u42@example.com', credits: 5 });
    expect(await context.moduleRef.get(CreditLedger).balance(made[0].id)).toBe(5);
    expect((await accounts.ensureAccount('user-42')).id).toBe(made[0].id);
    expect((await accounts.ensureAccount('user-43')).id).not.toBe(made[0].id);
    expect((await context.moduleRef.get(WebhookSecretsService).get(made[0].id)).webhookSecret).toMatch(
      /^whsec_/,
    );
  });

  it('refuses an external id that is empty or too long', async () => {
    await expect(accounts.ensureAccount('')).rejects.toMatchObject({ status: 400 });
    await expect(accounts.ensureAccount('x'.repeat(256))).rejects.toMatchObject({ status: 400 });
  });

  it('tells the HTTP modules which accounts exist', async () => {
    const directory = context.moduleRef.get(AccountDirectory);
    const { id } = await accounts.create('known@example.com', 0);
    expect(await directory.knows(id)).toBe(true);
    expect(await directory.knows('ghost')).toBe(false);
  });
});
