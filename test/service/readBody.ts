// Reads a request body whole. UTF-8 is the only encoding the API accepts.
import type { IncomingMessage } from 'node:http';

export interface ReceivedBody {
  text: string;
  /** Set when the bytes are not valid UTF-8 (text then holds a lossy decoding for the record). */
  error?: string;
}

export function readBody(request: IncomingMessage): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', reject);
    request.on('close', () => reject(new Error('The request was aborted')));
    request.on('end', () => {
      const bytes = Buffer.concat(chunks);
      try {
        resolve({ text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) });
      } catch {
        resolve({ text: bytes.toString('utf8'), error: 'The request body is not valid UTF-8' });
      }
    });
  });
}
