// Computed here, no request to any QR service. The only importer of the QR library (in dist/libraries.js, lazy).
import { escapeHtml } from './html';

/** Light modules around the code; the standard asks for four so that scanners find its edges. */
const QUIET_ZONE = 4;

/** 'M' error correction: a phone reads it off a screen at once. */
export async function qrModules(text: string): Promise<boolean[][]> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1));
}

export async function qrSvg(text: string, title: string): Promise<string> {
  const rows = await qrModules(text);
  const size = rows.length + 2 * QUIET_ZONE;
  const parts: string[] = [];
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 1;
      while (row[x + run]) run++;
      parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`);
      x += run;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(title)}">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${parts.join('')}"/></svg>`
  );
}
