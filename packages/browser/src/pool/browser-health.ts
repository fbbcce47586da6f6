import { healthIndicator, type HealthIndicatorResult } from '@quarry/core';
import type { BrowserPool } from './browser.pool';

/**
 * The browser pool's health for a health endpoint (`@nestjs/terminus`'s `HealthCheckService.check`
 * takes it as is): `up` with `state: 'running'` and the version when a browser answers, `up` with
 * `state: 'idle'` before the first page needed one (nothing is launched to check), `down` with the
 * reason when it cannot launch, does not answer or is shut down.
 */
export function browserHealth(pool: BrowserPool, key = 'browser'): Promise<HealthIndicatorResult> {
  return healthIndicator(key, async () => {
    const health = await pool.health();
    if (health.status === 'down') throw new Error(health.error);
    return health.status === 'idle' ? { state: 'idle' } : { state: 'running', version: health.version };
  });
}
