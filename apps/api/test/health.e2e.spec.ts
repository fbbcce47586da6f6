import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './support/test-app';

describe('GET /health when the database is gone (docs/api.md §10)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 with status error and names the failing check', async () => {
    expect((await request(t.url).get('/health')).status).toBe(200);
    await t.app.get(DataSource).destroy();
    const response = await request(t.url).get('/health');
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ status: 'error', checks: { database: 'error' } });
  });
});
