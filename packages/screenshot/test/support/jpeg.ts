import { decode } from 'jpeg-js';

export interface DecodedJpeg {
  width: number;
  height: number;
  /** [r, g, b] at (x, y). */
  pixel(x: number, y: number): [number, number, number];
}

/** Decodes JPEG bytes (throws on anything else). */
export function decodeJpeg(bytes: Buffer): DecodedJpeg {
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const { width, height, data } = decode(bytes, { useTArray: true, maxResolutionInMP: 20 });
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = (y * width + x) * 4;
      return [data[at], data[at + 1], data[at + 2]];
    },
  };
}

export const RED: [number, number, number] = [255, 0, 0];
export const GREEN: [number, number, number] = [0, 160, 0];
export const BLUE: [number, number, number] = [0, 0, 255];
export const WHITE: [number, number, number] = [255, 255, 255];

/** The colour at (x, y) is `expected` within a JPEG's tolerance. */
export function expectColour(
  image: DecodedJpeg,
  x: number,
  y: number,
  expected: [number, number, number],
): void {
  const actual = image.pixel(x, y);
  const off = actual.some((channel, i) => Math.abs(channel - expected[i]) > 40);
  if (off)
    throw new Error(
      `pixel (${x}, ${y}) is rgb(${actual.join(', ')}), expected about rgb(${expected.join(', ')})`,
    );
}
