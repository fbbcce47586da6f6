import { Webhook } from 'standardwebhooks';
import { randomBytes } from 'node:crypto';
import { generateWebhookSecret, isWebhookSecret, WEBHOOK_SECRET_PATTERN } from './webhook-secret.generator';

describe('generateWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('is a key Standard Webhooks libraries accept', () => {
    expect(() => new Webhook(generateWebhookSecret())).not.toThrow();
    expect(isWebhookSecret(generateWebhookSecret())).toBe(true);
  });
});

describe('isWebhookSecret', () => {
  it.each([
    ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', true],
    ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', true],
    ['whsec_', false],
    ['whsec_abc', false],
    ['my-secret-123456', false],
  ])('%j -> %j', (secret, expected) => {
    expect(isWebhookSecret(secret)).toBe(expected);
  });
});

describe('WEBHOOK_SECRET_PATTERN', () => {
  it('matches base64 of any length, with or without whsec_, and each match is a usable key', () => {
    for (let bytes = 1; bytes <= 190; bytes++) {
      const base64 = randomBytes(bytes).toString('base64');
      for (const secret of [base64, `whsec_${base64}`]) {
        expect(secret).toMatch(WEBHOOK_SECRET_PATTERN);
        expect(isWebhookSecret(secret)).toBe(true);
      }
    }
  });

  it.each(['', 'whsec_', 'abc', 'a===', 'ab=c', 'ab-_', 'abcd\n', ' abcd', 'WHSEC_abcd', 'my-secret-123456'])(
    'refuses %j',
    (secret) => {
      expect(secret).not.toMatch(WEBHOOK_SECRET_PATTERN);
    },
  );
});
