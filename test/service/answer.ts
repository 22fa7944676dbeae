// An answer before it goes on the wire; faults may rewrite it, delivery may disturb it.
import { STATUS_CODES } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  headers: Record<string, string>;
  /** A body generated as it is sent (an artefact), instead of `body`. */
  stream?: {
    size: number;
    blocks: () => Iterable<Buffer>;
    /** Written `bytes` at a time every `everyMs`; `record` says what was sent when the connection ended. */
    trickle?: { bytes: number; everyMs: number; record: { sent: number; complete: boolean } };
  };
}

export function jsonAnswer(status: number, value: unknown): Answer {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(value), headers: {} };
}

export function errorAnswer(status: number, message: string): Answer {
  return jsonAnswer(status, { error: message });
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Unknown status';
}

/** The kind of page a proxy or load balancer sends in place of JSON. */
export function htmlAnswer(status: number): Answer {
  const title = `${status} ${statusText(status)}`;
  const body = `<!DOCTYPE html>\n<html><head><title>${title}</title></head>\n<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
  return { status, contentType: HTML_TYPE, body, headers: {} };
}

export function emptyAnswer(status: number): Answer {
  return { status, contentType: JSON_TYPE, body: '', headers: {} };
}
