import request from 'supertest';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

/** CR and LF start a new header; no email address or header value may carry any control character. */
const HOSTILE = [
  ['CR LF', '\r\nBcc: victim@example.com'],
  ['NUL', '\u0000'],
  ['a C0 control', '\u001b'],
  ['DEL', '\u007f'],
] as const;

describe('control characters in emails and header values (docs/api.md §1)', () => {
  let t: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    const created = await request(t.url)
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email: 'holder@example.com', credits: 10 });
    apiKey = created.body.apiKey;
  });
  afterAll(() => t.close());

  it.each(HOSTILE)(
    "refuses %s in an account's email, even a quoted one a mail parser accepts",
    async (_name, text) => {
      const response = await request(t.url)
        .post('/v1/admin/accounts')
        .auth(ADMIN_TOKEN, { type: 'bearer' })
        .send({ email: `"a${text}b"@example.com` });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual({ email: 'email must not contain control characters' });
    },
  );

  it.each(HOSTILE)(
    'refuses %s in the callbackToken of an async scrape and of a video job',
    async (_name, text) => {
      const callbackToken = `token${text}`;
      const scrape = await request(t.url)
        .post('/v1/api/scrape/async')
        .auth(apiKey, { type: 'bearer' })
        .send({ url: 'https://example.com/', callbackUrl: 'https://example.com/hook', callbackToken });
      const video = await request(t.url).post('/v1/api/video/process').auth(apiKey, { type: 'bearer' }).send({
        url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        callbackUrl: 'https://example.com/hook',
        callbackToken,
      });
      for (const response of [scrape, video]) {
        expect(response.status).toBe(400);
        expect(response.body.details).toEqual({
          callbackToken: 'callbackToken must not contain control characters',
        });
      }
    },
  );

  it('states the rule in the OpenAPI document', async () => {
    const { components } = (await request(t.url).get('/openapi.json')).body;
    const pattern = new RegExp(components.schemas.CreateAccountDto.properties.email.pattern, 'u');
    expect(pattern.test('a@example.com')).toBe(true);
    expect(pattern.test('"a\r\nb"@example.com')).toBe(false);
    expect(components.schemas.AsyncScrapeRequestDto.properties.callbackToken.pattern).toBe(
      components.schemas.CreateAccountDto.properties.email.pattern,
    );
  });

  it.each(HOSTILE)(
    'answers %s in the sign-in email with the form again, 400, naming the email',
    async (_name, text) => {
      const form = await request(t.url).get('/dashboard/sign-in');
      const response = await request(t.url)
        .post('/dashboard/sign-in')
        .set('cookie', form.headers['set-cookie'][0].split(';')[0])
        .type('form')
        .send({
          _csrf: /name="_csrf" value="([^"]+)"/.exec(form.text)![1],
          email: `holder@example.com${text}`,
          password: 'a long enough password',
        });
      expect(response.status).toBe(400);
      expect(response.text).toContain('The email must not contain control characters.');
    },
  );
});
