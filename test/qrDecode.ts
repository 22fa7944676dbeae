// Reads a QR code back from the SVG the extension draws: the drawing is rasterised as a phone camera
// would see it (white paper, black modules, 6 px each) and decoded by jsQR, a decoder written
// independently of the encoder. Used by the unit tests and by the integration tests on the panel's HTML.
import jsQR from 'jsqr';

const PIXELS_PER_MODULE = 6;

export function decodeQrSvg(svgOrHtml: string): string | undefined {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svgOrHtml);
  const path = /<path fill="#000" d="([^"]*)"/.exec(svgOrHtml);
  if (!viewBox || !path) return undefined;
  const modules = Number(viewBox[1]);
  const side = modules * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, run] of path[1].matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
      const row = Number(y) * PIXELS_PER_MODULE + dy;
      for (let px = Number(x) * PIXELS_PER_MODULE; px < (Number(x) + Number(run)) * PIXELS_PER_MODULE; px++) {
        const at = (row * side + px) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}
