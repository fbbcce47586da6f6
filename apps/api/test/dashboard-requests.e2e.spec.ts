import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

/** What any request under /dashboard gets, whoever answers it: no framing, no 500 for a malformed request. */
describe('requests to the dashboard (docs/api.md §12)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['a page', 'get', '/dashboard/sign-in', 200],
    ['a redirect to sign-in', 'get', '/dashboard/keys', 303],
    ['the stylesheet', 'get', '/dashboard/assets/dashboard.css', 200],
    ["an unknown route's JSON", 'get', '/dashboard/no-such-page', 404],
    ['a path that is not valid percent-encoding', 'get', '/dashboard/monitors/%ZZ', 400],
    ['a refused post', 'post', '/dashboard/sign-in', 403],
  ] as const)('forbids framing %s', async (_name, method, path, status) => {
    const response = await request(t.url)[method](path);
    expect(response.status).toBe(status);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(['quarry_session=%', 'quarry_session=%ZZ', 'quarry_session=%E0%A4%A'])(
    'treats the malformed cookie %s as no session',
    async (cookie) => {
      const response = await request(t.url).get('/dashboard/keys').set('cookie', cookie);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe('/dashboard/sign-in');
    },
  );

  it('refuses a sign-in whose CSRF cookie is malformed as one without it (403)', async () => {
    const response = await request(t.url)
      .post('/dashboard/sign-in')
      .set('cookie', 'quarry_presession=%ZZ')
      .type('form')
      .send({ _csrf: '%ZZ', email: 'a@example.com', password: 'a long enough password' });
    expect(response.status).toBe(403);
  });

  it('answers a malformed query string as if the parameter were absent', async () => {
    const response = await request(t.url).get('/dashboard/sign-in?next=%ZZ&email=%');
    expect(response.status).toBe(200);
  });
});
