import type { IncomingMessage, ServerResponse } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PayloadTooLargeErrorBodyDto } from '@quarry/http';
import { toOpenApi31 } from './openapi-3-1';
import { describeRequestPipeline } from './request-pipeline.openapi';

/** `GET /openapi.json` is served by the Swagger mount, not a controller: stated here so the document lists it. */
const OPENAPI_JSON_PATH = {
  get: {
    tags: ['utility'],
    summary: 'This document (OpenAPI 3.1); /docs renders it',
    responses: {
      '200': {
        description: 'The OpenAPI document.',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  },
};

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Quarry')
    .setDescription('Public web pages turned into content that programs can use.')
    .setVersion('0.1.0')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: 'Your API key: Authorization: Bearer qk_live_...',
    })
    .addApiKey(
      { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Legacy header for the API key' },
      'x-api-key',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'QUARRY_ADMIN_TOKEN' }, 'admin')
    .build();
  const document = SwaggerModule.createDocument(app, config, { extraModels: [PayloadTooLargeErrorBodyDto] });
  document.paths['/openapi.json'] = OPENAPI_JSON_PATH;
  return toOpenApi31(describeRequestPipeline(document));
}

/**
 * Swagger UI's page may not be framed. Its scripts, stylesheet and the document are its own; its
 * page and its components style elements inline, and its icons are `data:` images.
 */
const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'";

/** `/openapi.json` and the Swagger UI at `/docs`, which no other site may frame. */
export function mountOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  app.use('/docs', (_request: IncomingMessage, response: ServerResponse, next: () => void) => {
    response.setHeader('x-frame-options', 'DENY');
    response.setHeader('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
    next();
  });
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}
