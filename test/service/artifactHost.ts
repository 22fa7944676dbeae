// A second origin for artefacts, as a CDN a download link may point at: it serves the same generated
// bytes without asking for a token, and records the headers of every request, so a test can prove
// the access token never reached it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { artifactBlocks, artifactDigest } from './artifacts';

export interface ArtifactHostRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

export interface ArtifactHost {
  readonly origin: string;
  readonly requests: readonly ArtifactHostRequest[];
  /** The address of a generated file of `size` bytes named `file`; `chunked` leaves out its Content-Length. */
  url(file: string, size: number, options?: { chunked?: boolean }): string;
  /** An address that answers 302 to `target`. */
  redirect(target: string): string;
  /** The SHA-256 (hex) of that file. */
  digest(file: string, size: number): string;
  close(): Promise<void>;
}

const seedOf = (file: string) => `cdn:${file}`;

/** On 127.0.0.1 at a port of its own: another origin than the service's. `/files/<name>?size=<bytes>`. */
export async function startArtifactHost(): Promise<ArtifactHost> {
  const requests: ArtifactHostRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    requests.push({ path: url.pathname + url.search, headers: { ...request.headers } });
    const target = url.pathname === '/redirect' ? url.searchParams.get('to') : null;
    if (target) {
      response.writeHead(302, { location: target }).end();
      return;
    }
    const file = /^\/files\/([^/]+)$/.exec(url.pathname)?.[1];
    const size = Number(url.searchParams.get('size'));
    if (!file || !Number.isSafeInteger(size) || size < 0) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const length = url.searchParams.has('chunked') ? {} : { 'content-length': String(size) };
    response.writeHead(200, { 'content-type': 'application/octet-stream', ...length });
    const blocks = artifactBlocks(seedOf(decodeURIComponent(file)), size)[Symbol.iterator]();
    const pump = (): void => {
      for (let next = blocks.next(); !response.destroyed; next = blocks.next()) {
        if (next.done) return void response.end();
        if (!response.write(next.value)) return void response.once('drain', pump);
      }
    };
    pump();
  });
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    url: (file, size, options) => `${origin}/files/${encodeURIComponent(file)}?size=${size}${options?.chunked ? '&chunked' : ''}`,
    redirect: (target) => `${origin}/redirect?to=${encodeURIComponent(target)}`,
    digest: (file, size) => artifactDigest(seedOf(file), size),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
