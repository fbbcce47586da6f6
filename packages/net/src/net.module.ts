import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Clock, resolveOptions, SystemClock } from '@quarry/core';
import { SafeHttpClient } from './http/safe-http.client';
import { ConfigurableModuleClass, NET_MODULE_OPTIONS } from './net.module-definition';
import { NET_OPTION_RULES, type NetModuleOptions } from './net-options.interface';
import { PublicUrlPolicy } from './policy/public-url.policy';
import { WebhookSender } from './webhooks/webhook.sender';

/** The options once checked. */
const NET_SETTINGS = Symbol('NetSettings');

/**
 * Provides PublicUrlPolicy, SafeHttpClient and WebhookSender, app-wide unless `isGlobal: false`. WebhookSender takes the `Clock` of QuarryCoreModule when the app has it.
 */
@Module({
  providers: [
    {
      provide: NET_SETTINGS,
      inject: [NET_MODULE_OPTIONS],
      useFactory: (options: NetModuleOptions) => resolveOptions('NetModule', {}, options, NET_OPTION_RULES),
    },
    {
      provide: PublicUrlPolicy,
      inject: [NET_SETTINGS],
      useFactory: (options: NetModuleOptions) =>
        new PublicUrlPolicy({ allowHosts: options.allowHosts, lookup: options.lookup }),
    },
    {
      provide: SafeHttpClient,
      inject: [PublicUrlPolicy, NET_SETTINGS],
      useFactory: (policy: PublicUrlPolicy, options: NetModuleOptions) =>
        new SafeHttpClient(policy, {
          userAgent: options.userAgent,
          maxBodyBytes: options.maxBodyBytes,
          defaultTimeoutMs: options.defaultTimeoutMs,
        }),
    },
    {
      provide: WebhookSender,
      // Optional so apps that only fetch need not import QuarryCoreModule.
      inject: [SafeHttpClient, { token: Clock, optional: true }],
      useFactory: (client: SafeHttpClient, clock: Clock | undefined) =>
        new WebhookSender(client, clock ?? new SystemClock()),
    },
  ],
  exports: [PublicUrlPolicy, SafeHttpClient, WebhookSender],
})
export class NetModule extends ConfigurableModuleClass implements OnApplicationShutdown {
  constructor(@Inject(SafeHttpClient) private readonly client: SafeHttpClient) {
    super();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
