// A real forward proxy on 127.0.0.1 (the `proxy` package: CONNECT tunnels and plain requests),
// with its own name table like a company proxy's internal DNS: names such as
// builds.service.invalid resolve only here, so a request that bypasses the proxy cannot connect.
import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

export interface ForwardProxy {
  url: string;
  port: number;
  /** `host:port` of every CONNECT tunnel asked for, and the Proxy-Authorization each one carried. */
  readonly tunnels: { target: string; authorization?: string }[];
  /** Every request the proxy received, tunnel or not (a plain one carries its full URL). */
  readonly requests: string[];
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /** Host name → 127.0.0.1 port: the only way those names resolve. */
  names?: Record<string, number>;
  /** Basic credentials the proxy requires (407 otherwise). */
  basicAuth?: { user: string; password: string };
  /** Listen for HTTPS with this key and certificate (an https:// proxy) instead of HTTP. */
  tls?: { key: string; cert: string };
}

export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const server = createProxy(options.tls ? createTlsServer(options.tls) : createServer());
  const tunnels: ForwardProxy['tunnels'] = [];
  const requests: string[] = [];
  server.prependListener('request', (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`));
  const expected = options.basicAuth
    ? `Basic ${Buffer.from(`${options.basicAuth.user}:${options.basicAuth.password}`).toString('base64')}`
    : undefined;
  if (expected) server.authenticate = (req: IncomingMessage) => req.headers['proxy-authorization'] === expected;
  // Runs before the proxy's own CONNECT handler: record it, then resolve the name from our table.
  server.prependListener('connect', (req: IncomingMessage) => {
    const target = req.url ?? '';
    tunnels.push({ target, authorization: req.headers['proxy-authorization'] });
    requests.push(`CONNECT ${target}`);
    const [host, port] = splitHostPort(target);
    const mapped = options.names?.[host];
    req.url = mapped !== undefined ? `127.0.0.1:${mapped}` : `${host}:${port}`;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    tunnels,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function splitHostPort(target: string): [string, string] {
  const at = target.lastIndexOf(':');
  return [target.slice(0, at).replace(/^\[|\]$/g, ''), target.slice(at + 1)];
}
