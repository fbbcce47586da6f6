import { ConfigError, EnvReader } from './env-reader';

describe('EnvReader', () => {
  it('reads typed values with defaults', () => {
    const env = new EnvReader({ PORT: '8080', ROLE: 'worker', HOSTS: 'a:1, b:2,' });
    expect(env.int('PORT', 3000, { min: 1, max: 65535 })).toBe(8080);
    expect(env.int('MISSING', 3000)).toBe(3000);
    expect(env.oneOf('ROLE', ['api', 'worker', 'all'] as const, 'all')).toBe('worker');
    expect(env.list('HOSTS')).toEqual(['a:1', 'b:2']);
    expect(() => env.done()).not.toThrow();
  });

  it('reports every problem at once', () => {
    const env = new EnvReader({ PORT: 'eighty', ROLE: 'boss', REDIS: 'http://x' });
    env.int('PORT', 3000, { min: 1 });
    env.oneOf('ROLE', ['api', 'worker'] as const, 'api');
    env.url('REDIS', ['redis:']);
    const error = (() => {
      try {
        env.done();
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.problems).toHaveLength(3);
    expect(error?.message).toContain('PORT');
  });
});
