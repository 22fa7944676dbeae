// What a download server answered: the suggested file name, a header's first value, an error's text.
import type { Readable } from 'node:stream';

/** The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) first, then `filename`. */
export function dispositionName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)'[^']*'([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Malformed percent-encoding: the plain form, if any, follows.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  return /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
}

export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** An error answer's first few KiB: enough for the service's `error` text, never a whole file. */
export async function smallText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > 16 * 1024) break;
    }
  } catch {
    // The status says enough.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
