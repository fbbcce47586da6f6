/** Checks one option's value; answers what the value must be when it is wrong, else undefined. */
export type OptionCheck = (value: unknown) => string | undefined;

/** Every option a module takes with its check, so a name missing here is an unknown option. */
export type OptionRules<O> = { [K in keyof Required<O>]: OptionCheck };

/** A module started with options it cannot use; the message names the module and the option. */
export class ModuleOptionsError extends Error {
  override readonly name = 'ModuleOptionsError';
}

/** A whole number from `min` to `max`. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER): OptionCheck {
  const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
  return (value) =>
    Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
      ? undefined
      : `an integer ${range}`;
}

/** A number from `min` to `max`, fractions allowed. */
export function numberOption(min: number, max = Number.MAX_VALUE): OptionCheck {
  const range = max === Number.MAX_VALUE ? `>= ${min}` : `from ${min} to ${max}`;
  return (value) =>
    typeof value === 'number' && value >= min && value <= max ? undefined : `a number ${range}`;
}

export const booleanOption: OptionCheck = (value) => (typeof value === 'boolean' ? undefined : 'a boolean');

/** A non-empty string, matching `pattern` when given (`described` says what it must be). */
export function stringOption(pattern?: RegExp, described = 'a non-empty string'): OptionCheck {
  return (value) =>
    typeof value === 'string' && value.length > 0 && (!pattern || pattern.test(value))
      ? undefined
      : described;
}

/** An object with these methods (a port passed as an option). */
export function methodsOption(...methods: string[]): OptionCheck {
  return (value) =>
    typeof value === 'object' &&
    value !== null &&
    methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function')
      ? undefined
      : `an object with ${methods.join(', ')}`;
}

/** Accepted as given: checked where it is used (a function, a structured value). */
export const anyOption: OptionCheck = () => undefined;

/**
 * A module's options with its defaults under them: an option given as `undefined` keeps its
 * default, an unknown option fails with the closest known name, and every value is checked by its
 * rule. Throws `ModuleOptionsError`, so a misconfigured module stops the boot.
 */
export function resolveOptions<O extends object, D extends Partial<O>>(
  moduleName: string,
  defaults: D,
  options: O | undefined,
  rules: OptionRules<O>,
): D & O {
  const known = Object.keys(rules);
  const given = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
  for (const [name] of given) {
    if (known.includes(name)) continue;
    const closest = closestName(name, known);
    throw new ModuleOptionsError(
      `${moduleName}: unknown option ${name}${closest ? ` — did you mean ${closest}?` : `; it takes ${known.join(', ')}`}`,
    );
  }
  const resolved = { ...defaults, ...Object.fromEntries(given) } as D & O;
  for (const name of known) {
    const value = (resolved as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const expected = rules[name as keyof O](value);
    if (expected)
      throw new ModuleOptionsError(
        `${moduleName}: option ${name} must be ${expected}, got ${describe(value)}`,
      );
  }
  return resolved;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'an object';
  return String(value);
}

/** The known name nearest `name` (ignoring case), when it is near enough to be a slip. */
function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length];
}
