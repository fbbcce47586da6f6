import {
  ArgumentsHost,
  Body,
  Catch,
  Controller,
  ExceptionFilter,
  Get,
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
import type { DataSourceParts } from '@quarry/persistence';
import { createTestDatabase, type TestDatabase } from './test-database';

export class CreateNoteDto {
  @IsString()
  title!: string;
}

/** The host's own exception, with its own status and body. */
export class NoteLockedException extends HttpException {
  constructor() {
    super({ reason: 'the note is locked' }, 423);
  }
}

@Controller('notes')
export class NotesController {
  @Post()
  create(@Body() body: CreateNoteDto): unknown {
    return { note: body };
  }

  @Get('locked')
  locked(): never {
    throw new NoteLockedException();
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

export interface HostAppSetup {
  /** The tables Quarry's modules need, migrated into a fresh SQLite database. */
  schema: DataSourceParts;
  /** Quarry's modules (and what they need: `QuarryCoreModule`, `QuarryDataSourceModule`, `NetModule`, ...) as the host imports them. */
  imports: ModuleMetadata['imports'];
}

/**
 * A host app as a team would write it: its own routes (`POST /notes` with a DTO, `GET /notes/locked`
 * throwing its own exception), a global `ValidationPipe` and `HostErrorFilter`, and Quarry's
 * modules from `imports` on a real SQLite database, served over a real HTTP server.
 */
export async function startHostApp({ schema, imports }: HostAppSetup): Promise<HostApp> {
  const database = await createTestDatabase('sqlite', schema);
  const moduleRef = await Test.createTestingModule({ imports: [NotesModule, ...(imports ?? [])] })
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
