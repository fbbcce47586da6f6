import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { SafeHttpClient } from './http/safe-http.client';
import { ConfigurableModuleClass, NET_MODULE_OPTIONS } from './net.module-definition';
import type { NetModuleOptions } from './net-options.interface';
import { PublicUrlPolicy } from './policy/public-url.policy';

/** Provides PublicUrlPolicy and SafeHttpClient; `forRoot({ ..., isGlobal: true })` to share them app-wide. */
@Module({
  providers: [
    {
      provide: PublicUrlPolicy,
      inject: [NET_MODULE_OPTIONS],
      useFactory: (options: NetModuleOptions) =>
        new PublicUrlPolicy({ allowHosts: options.allowHosts, lookup: options.lookup }),
    },
    {
      provide: SafeHttpClient,
      inject: [PublicUrlPolicy, NET_MODULE_OPTIONS],
      useFactory: (policy: PublicUrlPolicy, options: NetModuleOptions) =>
        new SafeHttpClient(policy, {
          userAgent: options.userAgent,
          maxBodyBytes: options.maxBodyBytes,
          defaultTimeoutMs: options.defaultTimeoutMs,
        }),
    },
  ],
  exports: [PublicUrlPolicy, SafeHttpClient],
})
export class NetModule extends ConfigurableModuleClass implements OnApplicationShutdown {
  constructor(@Inject(SafeHttpClient) private readonly client: SafeHttpClient) {
    super();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
