import { isLocalhostName } from './local-name.predicate';

describe('isLocalhostName', () => {
  it.each(['localhost', 'localhost.', 'LOCALHOST', 'a.localhost', 'a.b.localhost.', 'api.LocalHost'])(
    'treats %s as the machine itself',
    (name) => {
      expect(isLocalhostName(name)).toBe(true);
    },
  );

  it.each([
    'example.com',
    'localhost.example.com',
    'notlocalhost',
    'mylocalhost.',
    'localhost..',
    '127.0.0.1',
  ])('leaves %s to DNS', (name) => {
    expect(isLocalhostName(name)).toBe(false);
  });
});
