import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';

/** On shutdown, stop accepting connections first; requests in flight finish while the rest shuts down. */
@Injectable()
export class HttpServerDrain implements OnModuleDestroy {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleDestroy(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server?.listening) return;
    server.close();
    server.closeIdleConnections();
  }
}
