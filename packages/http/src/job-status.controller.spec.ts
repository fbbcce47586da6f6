import {
  CanActivate,
  Controller,
  ExecutionContext,
  INestApplication,
  Injectable,
  UseGuards,
} from '@nestjs/common';
import { ApiProperty, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { NotFoundError } from '@quarry/core';
import { JobStatusController, type OwnJobs } from './job-status.controller';
import { QuarryHttp } from './quarry-http.decorator';

interface ThingJob {
  id: string;
  accountId: string;
  secret: string;
}

class ThingJobDto {
  @ApiProperty()
  jobId!: string;
}

class ThingJobs implements OwnJobs<ThingJob> {
  async get(accountId: string, jobId: string): Promise<ThingJob> {
    if (jobId !== 'job-1' || accountId !== 'owner') throw new NotFoundError('No such job.');
    return { id: 'job-1', accountId, secret: 'kept inside' };
  }
}

/** The account is the `x-account` header. */
@Injectable()
class HeaderAccountGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string>; auth?: object }>();
    req.auth = { accountId: req.headers['x-account'] };
    return true;
  }
}

@Controller('things')
@QuarryHttp()
@UseGuards(HeaderAccountGuard)
class ThingsController extends JobStatusController({
  summary: "A thing job's state",
  type: ThingJobDto,
  view: (job: ThingJob): ThingJobDto => ({ jobId: job.id }),
}) {
  constructor(override readonly jobs: ThingJobs) {
    super();
  }
}

describe('JobStatusController', () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [ThingsController],
      providers: [ThingJobs],
    }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
  });
  afterAll(() => app.close());

  it("answers the caller's job as the view shows it", async () => {
    const res = await request(app.getHttpServer()).get('/things/jobs/job-1').set('x-account', 'owner');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jobId: 'job-1' });
  });

  it("answers another account's job and an unknown id with the same 404", async () => {
    for (const [account, id] of [
      ['stranger', 'job-1'],
      ['owner', 'job-2'],
    ]) {
      const res = await request(app.getHttpServer()).get(`/things/jobs/${id}`).set('x-account', account);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No such job.' });
    }
  });

  it('documents the route with its summary, its DTO and the 404 body', () => {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    const operation = document.paths['/things/jobs/{jobId}'].get!;
    expect(operation.operationId).toBe('ThingsController_get');
    expect(operation.summary).toBe("A thing job's state");
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'jobId', in: 'path', required: true }),
    ]);
    expect(operation.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingJobDto' } } },
    });
    expect(operation.responses['404']).toMatchObject({
      description: 'Unknown, expired or foreign job.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/NotFoundErrorBodyDto' } } },
    });
  });
});
