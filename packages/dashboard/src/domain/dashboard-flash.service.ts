import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '@quarry/core';
import type { WebhookSecretView } from '@quarry/accounts';
import { DashboardSessionStore } from '../ports/dashboard-session.store';

/** What a post hands the page it redirects to, shown there once; `page` names the page that takes it. */
export type Flash =
  | { page: 'keys'; newKey: { apiKey: string; name: string } }
  | { page: 'keys'; accountSecret: WebhookSecretView }
  | { page: 'monitor'; monitorId: string; webhookSecret: string };

/** Long enough for the redirect to be followed, short enough that an abandoned secret does not linger. */
const FLASH_TTL_MS = 5 * 60 * 1000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** Only the browser holds the token, so the stored flash cannot be read from the database alone. */
const flashKey = (token: string) => createHmac('sha256', token).update('quarry-dashboard-flash').digest();

/**
 * One-time messages of a session, so a post can answer with a redirect (a reload then repeats
 * nothing) and the page after it still shows the new key or secret once. Kept on the session's row,
 * so any instance serves the page; encrypted (AES-256-GCM) with a key derived from the session's token.
 */
@Injectable()
export class DashboardFlash {
  constructor(
    private readonly sessions: DashboardSessionStore,
    private readonly clock: Clock,
  ) {}

  async put(token: string, flash: Flash): Promise<void> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', flashKey(token), iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(flash), 'utf8'), cipher.final()]);
    const value = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    await this.sessions.putFlash(sha256(token), value, new Date(this.clock.now().getTime() + FLASH_TTL_MS));
  }

  /** The session's flash for `page`, removed as it is taken; a flash for another page stays. */
  async take<P extends Flash['page']>(
    token: string,
    page: P,
  ): Promise<Extract<Flash, { page: P }> | undefined> {
    const row = await this.sessions.find(sha256(token));
    if (!row?.flash || !row.flashExpiresAt || row.flashExpiresAt <= this.clock.now()) return undefined;
    const flash = open(token, row.flash);
    if (flash?.page !== page) return undefined;
    const taken = await this.sessions.takeFlash(row.tokenHash, row.flash);
    return taken ? (flash as Extract<Flash, { page: P }>) : undefined;
  }
}

function open(token: string, value: string): Flash | undefined {
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', flashKey(token), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')) as Flash;
  } catch {
    return undefined;
  }
}
