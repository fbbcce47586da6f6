import { MissingModuleRequirementError } from '../module/module-requirements';

/**
 * Who holds the secrets that sign an account's callbacks. `@quarry/accounts` provides it (each
 * account's secret, rotatable); a host without accounts passes its own as the `webhookSecrets`
 * option of the modules that deliver callbacks.
 */
export abstract class WebhookSigningSecrets {
  /** The secrets to sign with now, current first; a receiver accepts a signature made with any. */
  abstract signingSecrets(accountId: string): Promise<string[]>;
}

/**
 * The secrets a module signs its callbacks with: its `webhookSecrets` option, else the app's
 * (`AccountsModule`). An app with a job queue takes callbacks, so having neither stops its boot.
 */
export function webhookSecretsOf(
  moduleName: string,
  option: WebhookSigningSecrets | undefined,
  fromApp: WebhookSigningSecrets | undefined,
  hasJobQueue: boolean,
): WebhookSigningSecrets | undefined {
  const secrets = option ?? fromApp;
  if (!secrets && hasJobQueue)
    throw new MissingModuleRequirementError(
      `${moduleName} cannot start: its jobs deliver signed callbacks, and the app has no secrets to sign them: ` +
        `import AccountsModule from @quarry/accounts (each account's secret), or pass ${moduleName}.forRoot({ webhookSecrets }) ` +
        'with your own WebhookSigningSecrets of @quarry/core.',
    );
  return secrets;
}
