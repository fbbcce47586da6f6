import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';

/** What a random value of a cookie looks like: 32 bytes in base64url. */
const RANDOM_VALUE = /^[A-Za-z0-9_-]{43}$/;

export const randomValue = () => randomBytes(32).toString('base64url');
export const isRandomValue = (value: string | undefined): value is string =>
  value !== undefined && RANDOM_VALUE.test(value);

/**
 * HMAC-SHA256 with the dashboard's `secret` of what sign-in hands out: the form's token, made
 * from the pre-session cookie, and the cookie that remembers a browser signed in to an account.
 */
@Injectable()
export class SignInTokens {
  constructor(@Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings) {}

  /** The sign-in form's token for the pre-session cookie's value. */
  formToken(preSession: string): string {
    return this.mac(`sign-in-form\n${preSession}`);
  }

  /** A new value of the remembered-browser cookie for the account of `email`: `<browser id>.<mac>`. */
  browserCookie(email: string): string {
    const browserId = randomValue();
    return `${browserId}.${this.mac(`browser\n${normalise(email)}\n${browserId}`)}`;
  }

  /** The browser id of a cookie made for the account of `email`; undefined for any other value. */
  browserOf(cookie: string | undefined, email: string): string | undefined {
    const [browserId, mac] = (cookie ?? '').split('.');
    if (!isRandomValue(browserId) || !mac) return undefined;
    const expected = Buffer.from(this.mac(`browser\n${normalise(email)}\n${browserId}`));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? browserId : undefined;
  }

  private mac(message: string): string {
    return createHmac('sha256', this.settings.secret).update(message).digest('base64url');
  }
}

const normalise = (email: string) => email.trim().toLowerCase();
