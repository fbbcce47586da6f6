import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  ExceptionFilter,
  HttpException,
  INestApplication,
  Module,
  Post,
  ValidationPipe,
} from '@nestjs/common';
import type { ModuleMetadata } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { NetModule } from '@quarry/net';
import { createTestDatabase, TestDatabase } from '@quarry/testing';
import { videoSchema } from './video-test-module';

export class CreateNoteDto {
  @IsString()
  title!: string;
}

@Controller('notes')
export class NotesController {
  @Post()
  create(@Body() body: CreateNoteDto): unknown {
    return { note: body };
  }
}

/** The host's error shape, which Quarry must neither use nor replace on the host's routes. */
@Catch()
export class HostErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    const detail = exception instanceof HttpException ? exception.getResponse() : 'unexpected';
    host.switchToHttp().getResponse().status(status).json({ hostError: true, detail });
  }
}

@Module({ controllers: [NotesController] })
export class NotesModule {}

export interface HostApp {
  app: INestApplication;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A host app as a team would write it: its own route, DTO, global pipe and filter, and Quarry's
 * modules from `imports` on a real SQLite database, served over a real HTTP server.
 */
export async function startHostApp(imports: ModuleMetadata['imports']): Promise<HostApp> {
  const database = await createTestDatabase('sqlite', videoSchema);
  const moduleRef = await Test.createTestingModule({
    imports: [QuarryCoreModule, NetModule.forRoot({ isGlobal: true }), NotesModule, ...(imports ?? [])],
  })
    .useMocker((token) => (token === DataSource ? database.dataSource : undefined))
    .compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalPipes(new ValidationPipe({ transform: true }));
  app.useGlobalFilters(new HostErrorFilter());
  await app.listen(0, '127.0.0.1');
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
