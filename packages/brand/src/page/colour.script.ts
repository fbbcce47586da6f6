/**
 * In-page colour functions (source text). `toHex` lets the browser parse any CSS colour it knows
 * (hex, rgb, hsl, hwb, lab, lch, oklab, oklch, color(display-p3 ...), named) and draws it on a 1 x 1
 * sRGB canvas: the pixel read back is the colour converted to sRGB by the browser, out-of-gamut
 * channels clipped. Colours drawn mostly transparent (alpha < 0.1) count as none.
 */
export const COLOUR_FUNCTIONS = `
  const colourCanvas = document.createElement('canvas');
  colourCanvas.width = 1;
  colourCanvas.height = 1;
  const colourContext = colourCanvas.getContext('2d', { willReadFrequently: true, colorSpace: 'srgb' });
  const hexCache = new Map();
  const toHex = (value) => {
    if (!value) return null;
    const text = String(value).trim();
    if (hexCache.has(text)) return hexCache.get(text);
    let result = null;
    if (text && !/^(transparent|none|currentcolor|inherit|initial|unset)$/i.test(text) && CSS.supports('color', text)) {
      colourContext.globalCompositeOperation = 'copy';
      colourContext.fillStyle = '#000000';
      colourContext.fillStyle = text;
      colourContext.fillRect(0, 0, 1, 1);
      const pixel = colourContext.getImageData(0, 0, 1, 1).data;
      if (pixel[3] >= 26) {
        result = {
          hex: '#' + [pixel[0], pixel[1], pixel[2]].map((channel) => channel.toString(16).padStart(2, '0')).join(''),
          alpha: pixel[3] / 255,
        };
      }
    }
    hexCache.set(text, result);
    return result;
  };
  const luminanceOf = (hex) => {
    const channel = (i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const COLOUR_TOKENS = /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\([^()]*\\)|#[0-9a-f]{3,8}\\b/gi;
`;
