import { deltaE2000, hexToLab, labDifference } from './colour-difference';

describe('deltaE2000', () => {
  it('is 0 for one colour and symmetric', () => {
    expect(deltaE2000('#2563eb', '#2563eb')).toBe(0);
    expect(deltaE2000('#2563eb', '#1d4ed8')).toBeCloseTo(deltaE2000('#1d4ed8', '#2563eb'), 10);
  });

  // Pairs from Sharma, Wu and Dalal's CIEDE2000 test data.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  ])('matches the published value for %j and %j', (first, second, expected) => {
    expect(labDifference(first, second)).toBeCloseTo(expected, 4);
  });

  it('converts sRGB to CIELAB (D65)', () => {
    expect(hexToLab('#ffffff')[0]).toBeCloseTo(100, 1);
    expect(hexToLab('#000000')[0]).toBeCloseTo(0, 1);
    const [l, a, b] = hexToLab('#ff0000');
    expect([l, a, b].map(Math.round)).toEqual([53, 80, 67]);
  });
});
