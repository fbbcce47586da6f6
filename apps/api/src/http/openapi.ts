import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { describeRequestPipeline } from './request-pipeline.openapi';

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
  return describeRequestPipeline(SwaggerModule.createDocument(app, config));
}

/** `/openapi.json` and the Swagger UI at `/docs`. */
export function mountOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
  });
}
