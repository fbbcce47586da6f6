import {
  CanActivate,
  ConfigurableModuleBuilder,
  Controller,
  ExecutionContext,
  Get,
  Global,
  INestApplication,
  Injectable,
  Module,
  type ModuleMetadata,
} from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { QUARRY_HTTP_MODULE_EXTRAS, applyQuarryHttpModuleExtras } from './quarry-http-module-extras';
import { QuarryHttp } from './quarry-http.decorator';
import {
  DEFAULT_ROUTE_GUARD,
  GuardedRoutes,
  routeGuardProvider,
  type QuarryHttpModuleOptions,
} from './route-guard';

/** The app's default guard, as AccountsModule's API key guard is: a bearer key. */
@Injectable()
class KeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToHttp().getRequest().headers.authorization === 'Bearer key';
  }
}

@Global()
@Module({
  providers: [{ provide: DEFAULT_ROUTE_GUARD, useClass: KeyGuard }],
  exports: [DEFAULT_ROUTE_GUARD],
})
class KeysModule {}

/** A host's own guard: its session header. */
class SessionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToHttp().getRequest().headers['x-session'] === 'host';
  }
}

const { ConfigurableModuleClass, MODULE_OPTIONS_TOKEN } =
  new ConfigurableModuleBuilder<QuarryHttpModuleOptions>({
    moduleName: 'ThingsHttp',
  })
    .setClassMethodName('forRoot')
    .setExtras(QUARRY_HTTP_MODULE_EXTRAS, applyQuarryHttpModuleExtras)
    .build();

@Controller('things')
@QuarryHttp()
@GuardedRoutes()
class ThingsController {
  @Get()
  list() {
    return { things: [] };
  }
}

@Module({
  controllers: [ThingsController],
  providers: [routeGuardProvider('ThingsHttpModule', MODULE_OPTIONS_TOKEN)],
})
class ThingsHttpModule extends ConfigurableModuleClass {}

const API_KEY_SECURITY = [{ bearer: [] }, { 'x-api-key': [] }];

/** An app mounting the things routes under /v1, as a host mounts Quarry's under its prefix. */
async function appWith(registration: NonNullable<ModuleMetadata['imports']>[number]) {
  const moduleRef = await Test.createTestingModule({
    imports: [KeysModule, registration, RouterModule.register([{ path: 'v1', module: ThingsHttpModule }])],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

const operation = (app: INestApplication) =>
  SwaggerModule.createDocument(app, new DocumentBuilder().build()).paths['/v1/things'].get!;

describe('the OpenAPI security of guarded routes', () => {
  const apps: INestApplication[] = [];
  const open = async (registration: Parameters<typeof appWith>[0]) => {
    const app = await appWith(registration);
    apps.push(app);
    return app;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it.each([
    ['imported as is', ThingsHttpModule],
    ['forRoot without a guard', ThingsHttpModule.forRoot({})],
  ])("names Quarry's API key schemes with the app's key guard (%s)", async (_, registration) => {
    const app = await open(registration);
    expect(operation(app)).toMatchObject({
      operationId: 'ThingsController_list',
      security: API_KEY_SECURITY,
    });
    expect((await request(app.getHttpServer()).get('/v1/things')).status).toBe(403);
    expect(
      (await request(app.getHttpServer()).get('/v1/things').set('authorization', 'Bearer key')).status,
    ).toBe(200);
  });

  it("names the host's schemes with the host's guard, which alone guards the routes", async () => {
    const app = await open(
      ThingsHttpModule.forRoot({ guard: new SessionGuard(), security: [{ myJwt: [] }] }),
    );
    expect(operation(app)).toMatchObject({ operationId: 'ThingsController_list', security: [{ myJwt: [] }] });
    expect(
      (await request(app.getHttpServer()).get('/v1/things').set('authorization', 'Bearer key')).status,
    ).toBe(403);
    expect((await request(app.getHttpServer()).get('/v1/things').set('x-session', 'host')).status).toBe(200);
  });

  it.each([
    ["the host's guard", { guard: new SessionGuard() }],
    ['open routes', { guard: false as const }],
  ])('names no scheme with %s and no security', async (_, options) => {
    const app = await open(ThingsHttpModule.forRoot(options));
    expect(operation(app)).toHaveProperty('operationId', 'ThingsController_list');
    expect(operation(app)).not.toHaveProperty('security');
  });

  it("takes the host's schemes beside forRootAsync's factory, and refuses a factory's guard without them", async () => {
    const app = await open(
      ThingsHttpModule.forRootAsync({
        useFactory: () => ({ guard: new SessionGuard() }),
        security: [{ myJwt: [] }],
      }),
    );
    expect(operation(app).security).toEqual([{ myJwt: [] }]);
    await expect(
      appWith(ThingsHttpModule.forRootAsync({ useFactory: () => ({ guard: new SessionGuard() }) })),
    ).rejects.toThrow(/ThingsHttpModule\.forRootAsync\(\) gives its own guard: name the OpenAPI security/);
  });

  it("keeps each app's document its own when two apps register the routes differently", async () => {
    const keys = await open(ThingsHttpModule);
    const host = await open(
      ThingsHttpModule.forRoot({ guard: new SessionGuard(), security: [{ myJwt: [] }] }),
    );
    expect(operation(keys).security).toEqual(API_KEY_SECURITY);
    expect(operation(host).security).toEqual([{ myJwt: [] }]);
  });
});
