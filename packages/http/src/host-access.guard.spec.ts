import {
  ArgumentsHost,
  CanActivate,
  Catch,
  Controller,
  ExceptionFilter,
  ExecutionContext,
  ForbiddenException,
  HttpException,
  INestApplication,
  Module,
  Post,
  Provider,
} from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { IsString } from 'class-validator';
import { QuarryBody } from './quarry-body.decorator';
import { QuarryHttp } from './quarry-http.decorator';
import { GuardedRoutes, routeGuardProvider, type QuarryHttpModuleOptions } from './route-guard';
import { ROUTE_SECURITY } from './route-security';

interface TeamRequest {
  headers: Record<string, string | undefined>;
}

/** A host's own guard: an unknown team is its ForbiddenException, a locked one its `false`. */
class TeamGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const team = context.switchToHttp().getRequest<TeamRequest>().headers['x-team'];
    if (team === undefined) throw new ForbiddenException('Unknown team.');
    return team !== 'locked';
  }
}

class NoteDto {
  @IsString()
  text!: string;
}

@QuarryHttp()
@GuardedRoutes()
@Controller('notes')
class NotesController {
  @Post()
  create(@QuarryBody() body: NoteDto): unknown {
    return body;
  }
}

/** A host's global filter, with its own error body. */
@Catch(HttpException)
class HostFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse().status(exception.getStatus()).json({ hostError: exception.message });
  }
}

const OPTIONS = Symbol('NotesHttpOptions');
const options: QuarryHttpModuleOptions = {
  guard: new TeamGuard(),
  resolveAccount: (request: TeamRequest) => (request.headers['x-team'] === 'orphans' ? null : 'team'),
};

/** A host app serving Quarry-style routes behind its TeamGuard, with `providers` of its own. */
async function hostWith(providers: Provider[]): Promise<{ app: INestApplication; url: string }> {
  @Module({
    controllers: [NotesController],
    providers: [
      { provide: OPTIONS, useValue: options },
      { provide: ROUTE_SECURITY, useValue: [] },
      routeGuardProvider('NotesHttpModule', OPTIONS),
      ...providers,
    ],
  })
  class HostModule {}
  const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

async function post(url: string, team: string | undefined, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(team === undefined ? {} : { 'x-team': team }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe("The host's guard on Quarry's routes", () => {
  describe('in a host without exception filters', () => {
    let host: { app: INestApplication; url: string };
    beforeAll(async () => {
      host = await hostWith([]);
    });
    afterAll(() => host.app.close());

    it("answers the guard's exception and refusal as Nest answers them on the host's own routes", async () => {
      expect(await post(host.url, undefined, { text: 'hi' })).toEqual({
        status: 403,
        body: { statusCode: 403, message: 'Unknown team.', error: 'Forbidden' },
      });
      expect(await post(host.url, 'locked', { text: 'hi' })).toEqual({
        status: 403,
        body: { statusCode: 403, message: 'Forbidden resource', error: 'Forbidden' },
      });
    });

    it("answers Quarry's own refusals in Quarry's error bodies", async () => {
      expect(await post(host.url, 'orphans', { text: 'hi' })).toEqual({
        status: 403,
        body: { error: 'forbidden', message: 'The request maps to no Quarry account.' },
      });
      expect(await post(host.url, 'a', {})).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_request', details: { text: expect.any(String) } }),
      });
      expect(await post(host.url, 'a', { text: 'hi' })).toEqual({ status: 201, body: { text: 'hi' } });
    });
  });

  describe('in a host with a global exception filter', () => {
    let host: { app: INestApplication; url: string };
    beforeAll(async () => {
      host = await hostWith([{ provide: APP_FILTER, useClass: HostFilter }]);
    });
    afterAll(() => host.app.close());

    it("hands the guard's exception and refusal to the host's filter, and answers Quarry's own itself", async () => {
      expect(await post(host.url, undefined, { text: 'hi' })).toEqual({
        status: 403,
        body: { hostError: 'Unknown team.' },
      });
      expect(await post(host.url, 'locked', { text: 'hi' })).toEqual({
        status: 403,
        body: { hostError: 'Forbidden resource' },
      });
      expect(await post(host.url, 'a', {})).toEqual({
        status: 400,
        body: expect.objectContaining({ error: 'invalid_request' }),
      });
    });
  });
});
