// A file name from the service (a header, a link's path or name) is untrusted: it becomes one plain
// name inside the chosen folder, on every operating system, or the fallback.
import * as path from 'node:path';

/** Bytes, not characters: file systems count bytes (255 on most), and room is left for " (2)" and a temporary suffix. */
export const FILE_NAME_MAX_BYTES = 150;
const EXTENSION_MAX = 16;
/** A name longer than this is cut before it is cleaned, its end kept for the extension: no file name needs more. */
const RAW_MAX = 4_096;

const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
/** Bidi controls and invisible formatters: they can make "evil.exe" read as "exe.live". */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
/** Path separators and what Windows forbids in a name. */
const RESERVED = /[/\\:*?"<>|]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** One safe file name: no separator, no `..`, no control character, no leading dot, at most FILE_NAME_MAX_BYTES; `fallback` when nothing is left. */
export function safeFileName(raw: string | undefined, fallback = 'artifact'): string {
  // Padding at the ends goes before the cut, so a name inside 80,000 dots is kept.
  let name = bounded(trimDotsAndSpaces(raw ?? ''))
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(RESERVED, '_');
  // Dots and spaces at either end: a hidden file, `..`, or a name Windows silently changes.
  name = trimDotsAndSpaces(name);
  if (name === '') return fallback;
  // Checked after the cut: "con" + 150 spaces + "x.apk" is no device's name until the cut makes it "con.apk".
  name = capBytes(name);
  return WINDOWS_DEVICE.test(name) ? capBytes(`_${name}`) : name;
}

/** The first usable name: the server's suggestion, the last segment of the link's path, the link's name. */
export function artifactFileName(candidates: { suggested?: string; url: string; linkName?: string }): string {
  const fromPath = lastSegment(candidates.url);
  for (const raw of [candidates.suggested, fromPath, candidates.linkName]) {
    const name = safeFileName(raw, '');
    if (name !== '') return name;
  }
  return 'artifact';
}

/** `folder/name`, or undefined when the name would land anywhere else (it never should, after safeFileName). */
export function pathInside(folder: string, name: string): string | undefined {
  const base = path.resolve(folder);
  const target = path.resolve(base, name);
  return path.dirname(target) === base && path.basename(target) === name ? target : undefined;
}

/** The n-th choice of a name: `name` itself for 1, then `name (n).ext`. */
export function numberedName(name: string, n: number): string {
  if (n === 1) return name;
  const extension = extensionOf(name);
  return `${name.slice(0, name.length - extension.length)} (${n})${extension}`;
}

/** The name's start and its last EXTENSION_MAX characters, RAW_MAX in all; never half a surrogate pair at the join. */
function bounded(raw: string): string {
  if (raw.length <= RAW_MAX) return raw;
  const head = raw.slice(0, RAW_MAX - EXTENSION_MAX).replace(/[\uD800-\uDBFF]$/, '');
  const tail = raw.slice(-EXTENSION_MAX).replace(/^[\uDC00-\uDFFF]/, '');
  return head + tail;
}

function lastSegment(url: string): string | undefined {
  try {
    const segment = new URL(url).pathname.split('/').pop();
    return segment ? decodeURIComponent(segment) : undefined;
  } catch {
    return undefined;
  }
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  return extension.length <= EXTENSION_MAX ? extension : '';
}

function capBytes(name: string): string {
  if (Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES) return name;
  const extension = extensionOf(name);
  let stem = name.slice(0, name.length - extension.length);
  const room = FILE_NAME_MAX_BYTES - Buffer.byteLength(extension);
  // By code point, so a character is never cut in half; counted once, front to back.
  let bytes = 0;
  let end = 0;
  for (const point of stem) {
    bytes += Buffer.byteLength(point);
    if (bytes > room) break;
    end += point.length;
  }
  stem = trimDotsAndSpaces(stem.slice(0, end), false);
  return `${stem || 'artifact'}${extension}`;
}

/**
 * Without dots and white space at its end (and its start, unless `start` is false). A loop, not
 * `/[\s.]+$/`: that regex is retried at every dot or space and was quadratic in a long run of them.
 */
function trimDotsAndSpaces(name: string, start = true): string {
  const dropped = (i: number) => name.charAt(i) === '.' || name.charAt(i).trim() === '';
  let end = name.length;
  while (end > 0 && dropped(end - 1)) end--;
  let begin = 0;
  while (start && begin < end && dropped(begin)) begin++;
  return name.slice(begin, end);
}
