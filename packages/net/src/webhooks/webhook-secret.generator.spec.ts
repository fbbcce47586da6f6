import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, isWebhookSecret } from './webhook-secret.generator';

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
