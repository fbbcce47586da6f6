import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, webhookSigningKey } from './webhook-secret.generator';

describe('generateWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('is a key Standard Webhooks libraries accept', () => {
    expect(() => new Webhook(generateWebhookSecret())).not.toThrow();
  });
});

describe('webhookSigningKey', () => {
  it('is the decoded base64 of a whsec_ secret, the key Standard Webhooks libraries use', () => {
    for (let bytes = 1; bytes <= 64; bytes++) {
      const key = randomBytes(bytes);
      const secret = `whsec_${key.toString('base64')}`;
      expect(Buffer.from(webhookSigningKey(secret))).toEqual(key);
      const signed = new Webhook(secret).sign('msg_1', new Date(1_700_000_000_000), '{}');
      const ours = createHmac('sha256', webhookSigningKey(secret))
        .update('msg_1.1700000000.{}')
        .digest('base64');
      expect(signed).toBe(`v1,${ours}`);
    }
  });

  it.each([
    'my-plain-secret-123456',
    'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    'whsec_not base64!!',
    'whsec_',
    'pässwörd-für-hooks',
  ])('signs any other string, %j, with its UTF-8 bytes', (secret) => {
    expect(Buffer.from(webhookSigningKey(secret))).toEqual(Buffer.from(secret, 'utf8'));
  });

  it('refuses the empty string', () => {
    expect(() => webhookSigningKey('')).toThrow(/cannot be empty/);
  });
});
