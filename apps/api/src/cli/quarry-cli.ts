import { INestApplicationContext } from '@nestjs/common';
import { Command, InvalidArgumentError } from 'commander';
import { AccountsService, ApiKeysService, WebhookSecretsService } from '@quarry/accounts';
import { DashboardCredentials } from '@quarry/dashboard';
import { readStdin } from './read-stdin';

type Output = (json: unknown, text: string) => void;

const positiveInt = (name: string, min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new InvalidArgumentError(`${name} must be an integer >= ${min}.`);
  return n;
};

/**
 * `quarry accounts create | accounts set-password | keys create | keys revoke | credits add`. With
 * `--json` each command prints one JSON object; without it, lines for people. `read` gives what was
 * piped in (the password of `set-password`).
 */
export function buildCli(
  context: () => Promise<INestApplicationContext>,
  write: (line: string) => void,
  read: () => Promise<string> = readStdin,
): Command {
  const program = new Command('quarry')
    .description('Quarry operator commands')
    .showHelpAfterError()
    .exitOverride();
  const output =
    (json: boolean): Output =>
    (value, text) =>
      write(json ? JSON.stringify(value) : text);

  const accounts = program.command('accounts').description('Manage accounts');
  accounts
    .command('create')
    .description('Create an account with a first API key')
    .requiredOption('--email <email>', 'where email notifications go')
    .option('--credits <n>', 'starting credits', positiveInt('--credits', 0), 0)
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; credits: number; json?: boolean }) => {
      const app = await context();
      const account = await app.get(AccountsService).create(options.email, options.credits);
      const { apiKey, key } = await app.get(ApiKeysService).create(account.id);
      const { webhookSecret } = await app.get(WebhookSecretsService).get(account.id);
      output(!!options.json)(
        { account, apiKey, key, webhookSecret },
        `Account ${account.id} (${account.email}), ${account.credits} credits\nAPI key (shown once): ${apiKey}\nWebhook signing secret: ${webhookSecret}`,
      );
    });
  accounts
    .command('set-password')
    .description(
      "Set the dashboard password of the account with this email (ends the account's dashboard sessions)",
    )
    .requiredOption('--email <email>', "the account's email")
    .requiredOption('--password-stdin', 'read the password from standard input (one line)')
    .option('--json', 'print one JSON object')
    .action(async (options: { email: string; json?: boolean }) => {
      const password = (await read()).replace(/\r?\n$/, '');
      const accountId = await (
        await context()
      )
        .get(DashboardCredentials)
        .setPassword(options.email, password);
      output(!!options.json)({ accountId }, `Dashboard password set for account ${accountId}`);
    });
  accounts
    .command('rotate-webhook-secret')
    .description(
      "Replace an account's callback signing secret (the old one signs alongside for a grace period)",
    )
    .requiredOption('--account <id>', 'account id')
    .option('--json', 'print one JSON object')
    .action(async (options: { account: string; json?: boolean }) => {
      const rotated = await (await context()).get(WebhookSecretsService).rotate(options.account);
      output(!!options.json)(rotated, `New webhook signing secret: ${rotated.webhookSecret}`);
    });

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create another API key for an account')
    .requiredOption('--account <id>', 'account id')
    .option('--json', 'print one JSON object')
    .action(async (options: { account: string; json?: boolean }) => {
      const created = await (await context()).get(ApiKeysService).create(options.account);
      output(!!options.json)(created, `API key (shown once): ${created.apiKey}`);
    });
  keys
    .command('revoke')
    .description('Revoke the key with this display prefix')
    .requiredOption(
      '--key-prefix <prefix>',
      'the prefix shown when the key was created, e.g. qk_live_AbCdEfGh',
    )
    .option('--json', 'print one JSON object')
    .action(async (options: { keyPrefix: string; json?: boolean }) => {
      const key = await (await context()).get(ApiKeysService).revokeByPrefix(options.keyPrefix);
      output(!!options.json)({ key }, `Revoked ${key.prefix}… of account ${key.accountId}`);
    });

  program
    .command('credits')
    .description('Manage credits')
    .command('add')
    .description('Add credits to an account')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--amount <n>', 'credits to add', positiveInt('--amount', 1))
    .option('--json', 'print one JSON object')
    .action(async (options: { account: string; amount: number; json?: boolean }) => {
      const account = await (
        await context()
      )
        .get(AccountsService)
        .addCredits(options.account, options.amount);
      output(!!options.json)({ account }, `Account ${account.id} now has ${account.credits} credits`);
    });

  return program;
}
