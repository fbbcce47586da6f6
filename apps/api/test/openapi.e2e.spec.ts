import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

interface Operation {
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
  security?: object[];
}

describe('the OpenAPI document (SPEC §10)', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    t = await startTestApp();
    paths = (await request(t.url).get('/openapi.json')).body.paths;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('documents a response schema for every success answer', () => {
    const undocumented = operations()
      .filter(({ op }) => {
        const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        if (successes.some(([status]) => status === '204')) return false;
        return !successes.some(([, response]) => Object.values(response.content ?? {}).some((c) => c.schema));
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });

  it('documents the request body of every POST and PATCH that takes one', () => {
    const withBodies = operations().filter(({ op }) => op.requestBody);
    expect(withBodies.length).toBeGreaterThan(5);
    for (const { op } of withBodies) expect(Object.values(op.requestBody!.content)[0].schema).toBeDefined();
  });

  it('marks every /v1/api route but the blog as needing the key', () => {
    const open = operations()
      .filter(({ name, op }) => name.includes('/v1/api/') && !name.includes('/blog') && !op.security?.length)
      .map(({ name }) => name);
    expect(open).toEqual([]);
  });
});
