import { Controller, INestApplication, Module, Patch, Post, ValidationPipe } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { DocumentBuilder, getSchemaPath, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { IsString } from 'class-validator';
import { QuarryBody } from './quarry-body.decorator';
import { QuarryHttp } from './quarry-http.decorator';

class NoteDto {
  @IsString()
  text!: string;
}

@QuarryHttp()
@Controller('notes')
class NotesController {
  @Post()
  create(@QuarryBody() body: NoteDto): unknown {
    return { isDto: body instanceof NoteDto, body };
  }

  @Patch()
  edit(
    @QuarryBody({
      description: 'At least one field.',
      schema: { $ref: getSchemaPath(NoteDto), minProperties: 1 },
    })
    body: NoteDto,
  ): unknown {
    return body;
  }
}

/** A host app whose own global pipe strips, or refuses, fields its DTOs do not declare. */
async function hostWith(pipe: ValidationPipe): Promise<{ app: INestApplication; url: string }> {
  @Module({ controllers: [NotesController], providers: [{ provide: APP_PIPE, useValue: pipe }] })
  class HostModule {}
  const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl() };
}

async function post(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('QuarryBody', () => {
  it.each([
    ['strips unknown fields', new ValidationPipe({ whitelist: true })],
    ['refuses them in its own words', new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true })],
  ])('keeps Quarry the judge of the raw body when the host pipe %s', async (_, pipe) => {
    const { app, url } = await hostWith(pipe);
    try {
      expect(await post(url, { text: 'hi', colour: 'red' })).toEqual({
        status: 400,
        body: {
          error: 'invalid_request',
          message: 'The request is invalid.',
          details: { colour: 'is not an allowed field' },
        },
      });
      expect(await post(url, { text: 'hi' })).toEqual({
        status: 201,
        body: { isDto: true, body: { text: 'hi' } },
      });
    } finally {
      await app.close();
    }
  });

  it('describes the body in the OpenAPI document as @Body() does, or as the route says', async () => {
    const { app } = await hostWith(new ValidationPipe());
    try {
      const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      expect(document.paths['/notes'].post?.requestBody).toEqual({
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/NoteDto' } } },
      });
      expect(document.paths['/notes'].post?.parameters).toEqual([]);
      expect(document.paths['/notes'].patch?.requestBody).toEqual({
        required: true,
        description: 'At least one field.',
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/NoteDto', minProperties: 1 } },
        },
      });
    } finally {
      await app.close();
    }
  });
});
