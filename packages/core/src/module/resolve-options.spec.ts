import {
  anyOption,
  integerOption,
  ModuleOptionsError,
  type OptionRules,
  resolveOptions,
  stringOption,
} from './resolve-options';

interface ThingOptions {
  cacheTtlMs?: number;
  price?: number;
  redisUrl?: string;
  transport?: unknown;
}

const DEFAULTS = { cacheTtlMs: 3_600_000, price: 1 };
const RULES: OptionRules<ThingOptions> = {
  cacheTtlMs: integerOption(1),
  price: integerOption(0, 100),
  redisUrl: stringOption(),
  transport: anyOption,
};
const resolve = (options: ThingOptions) => resolveOptions('ThingModule', DEFAULTS, options, RULES);

describe('resolveOptions', () => {
  it('applies the defaults under the options given', () => {
    expect(resolve({ price: 3, redisUrl: 'redis://cache' })).toEqual({
      cacheTtlMs: 3_600_000,
      price: 3,
      redisUrl: 'redis://cache',
    });
  });

  it('keeps the default of an option given as undefined', () => {
    expect(resolve({ cacheTtlMs: undefined, price: undefined })).toEqual(DEFAULTS);
  });

  it('refuses an unknown option, naming the closest known one', () => {
    expect(() => resolve({ cacheTTLMs: 5 } as ThingOptions)).toThrow(
      new ModuleOptionsError('ThingModule: unknown option cacheTTLMs — did you mean cacheTtlMs?'),
    );
    expect(() => resolve({ prise: 5 } as ThingOptions)).toThrow('did you mean price?');
  });

  it('lists the options when nothing known is close to the unknown one', () => {
    expect(() => resolve({ somethingElse: true } as ThingOptions)).toThrow(
      'ThingModule: unknown option somethingElse; it takes cacheTtlMs, price, redisUrl, transport',
    );
  });

  it.each([
    [{ cacheTtlMs: -5 }, 'ThingModule: option cacheTtlMs must be an integer >= 1, got -5'],
    [{ cacheTtlMs: 1.5 }, 'ThingModule: option cacheTtlMs must be an integer >= 1, got 1.5'],
    [{ price: 101 }, 'ThingModule: option price must be an integer from 0 to 100, got 101'],
    [
      { price: '2' as unknown as number },
      'ThingModule: option price must be an integer from 0 to 100, got "2"',
    ],
    [{ redisUrl: '' }, 'ThingModule: option redisUrl must be a non-empty string, got ""'],
  ])('refuses %j', (options, message) => {
    expect(() => resolve(options)).toThrow(new ModuleOptionsError(message));
  });
});
