/**
 * One dependency's health, keyed by its name, in the shape `@nestjs/terminus`'s
 * `HealthCheckService.check()` takes from its indicators: `up` or `down`, with details beside.
 */
export type HealthIndicatorResult = Record<string, { status: 'up' | 'down'; [detail: string]: unknown }>;

/**
 * Runs `check`: `up` with the details it returns, or `down` with the message of what it threw.
 * Never throws, so one failing dependency is reported next to the others rather than instead of them.
 */
export async function healthIndicator(
  key: string,
  check: () => Promise<Record<string, unknown> | void>,
): Promise<HealthIndicatorResult> {
  try {
    return { [key]: { ...(await check()), status: 'up' } };
  } catch (error) {
    return { [key]: { status: 'down', message: error instanceof Error ? error.message : String(error) } };
  }
}
