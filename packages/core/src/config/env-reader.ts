/** Thrown at boot when the environment does not describe a valid configuration; lists every problem at once. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/**
 * Reads typed values from environment variables, collecting every problem so that one boot
 * reports them all; call `done()` after the last read.
 */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    return this.optionalString(name) ?? fallback;
  }

  optionalString(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value ? value : undefined;
  }

  int(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
    return this.optionalInt(name, range) ?? fallback;
  }

  /** An integer in `range`, or undefined when the variable is unset or invalid (reported). */
  optionalInt(name: string, range: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    const { min = -Infinity, max = Infinity } = range;
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(
        `${name} must be an integer${min > -Infinity ? ` >= ${min}` : ''}${max < Infinity ? ` <= ${max}` : ''} (got "${raw}")`,
      );
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!(values as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }

  list(name: string): string[] {
    return (this.optionalString(name) ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  /** An optional URL whose scheme is one of `protocols` (e.g. `['redis:', 'rediss:']`). */
  url(name: string, protocols: string[]): string | undefined {
    const raw = this.optionalString(name);
    if (raw === undefined) return undefined;
    try {
      if (protocols.includes(new URL(raw).protocol)) return raw;
    } catch {
      // reported below
    }
    this.problems.push(`${name} must be a URL with scheme ${protocols.join(' or ')} (got "${raw}")`);
    return undefined;
  }

  check(condition: boolean, problem: string): void {
    if (!condition) this.problems.push(problem);
  }

  done(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}
