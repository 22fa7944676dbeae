// The client's own undici dispatcher (never the global one, which other extensions share): direct,
// or through the configured proxy with CONNECT tunnels (undici's ProxyAgent tunnels http:// too, so
// the proxy only ever sees the target host, never the token or the path).
import { isIP } from 'node:net';
import { createSecureContext } from 'node:tls';
import type { buildConnector, Dispatcher } from 'undici';
import { isLoopback, type NetworkOptions, type ResolvedProxy, resolveProxy } from './network';
import { guardedLookup } from './downloadGuard';
import { noteProxyFailure } from './networkErrors';
import type { Route } from './route';
import { loadTrustStore } from './trustStore';

export interface DispatcherClasses {
  Agent: typeof import('undici').Agent;
  EnvHttpProxyAgent: typeof import('undici').EnvHttpProxyAgent;
  Pool: typeof import('undici').Pool;
}

export interface DispatcherOptions {
  baseUrl: string;
  timeoutMs: number;
  network?: NetworkOptions;
  /** The system's resolver unless a test hands in another (guardedLookup). */
  resolve?: Parameters<typeof guardedLookup>[1];
}

/** The client's own way out, as a Route: undici's `request`, which never follows a redirect. */
export async function ownRoute(undici: DispatcherClasses, options: DispatcherOptions): Promise<Route> {
  const { dispatcher, proxy, description } = await buildDispatcher(undici, options);
  return {
    chooser: 'own',
    proxy,
    description,
    send: async ({ origin, path, method, headers, body, signal }) => {
      const response = await dispatcher.request({ origin, path, method, headers, body, signal });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    },
    close: () => dispatcher.destroy(),
  };
}

interface BuiltDispatcher {
  dispatcher: Dispatcher;
  proxy?: ResolvedProxy;
  description: string;
}

async function buildDispatcher(
  undici: DispatcherClasses,
  { baseUrl, timeoutMs, network = {}, resolve }: DispatcherOptions,
): Promise<BuiltDispatcher> {
  // This computer is never reached through a proxy: it could only read the token, or answer in the
  // service's place, and a NO_PROXY that forgets 127.0.0.1 is common.
  const loopback = isLoopback(new URL(baseUrl).hostname);
  const proxy = loopback ? undefined : resolveProxy(network.proxy);
  const usesTls = [baseUrl, proxy?.httpProxy, proxy?.httpsProxy].some((url) => url?.startsWith('https:'));
  // Without the system store, Node's defaults (its roots plus NODE_EXTRA_CA_CERTS) apply untouched.
  const store = usesTls && (network.systemCertificates ?? true) ? await loadTrustStore() : undefined;
  // One secure context: the certificates as `ca` would be parsed again for every connection.
  const secureContext = store ? createSecureContext({ ca: store.certificates }) : undefined;
  const timeouts = { connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
  const trust = !usesTls
    ? 'unencrypted (http://)'
    : `trusting ${store ? store.sources.join(', ') : "Node's roots and NODE_EXTRA_CA_CERTS"}`;
  // A proxy resolves names itself: only a direct connection can check the address it connects to,
  // which with a proxy set is one http.noProxy or NO_PROXY sends around it (the proxy's own are not).
  const connect = { secureContext, lookup: guardedLookup(baseUrl, resolve) };
  if (!proxy) {
    const direct = loopback ? 'direct (a loopback address never goes through a proxy)' : 'direct';
    return { dispatcher: new undici.Agent({ ...timeouts, connect }), description: `${direct}, ${trust}` };
  }
  // http.proxyStrictSSL concerns the proxy's own certificate (an https:// proxy of the company's
  // making); the service's is checked through the tunnel all the same, or anyone in between would
  // get the token. A proxy that inspects HTTPS needs its CA trusted instead.
  const proxyTls = { secureContext, rejectUnauthorized: proxy.strictSSL, timeout: timeoutMs };
  const requestTls = { secureContext, rejectUnauthorized: true, timeout: timeoutMs };
  const dispatcher = new undici.EnvHttpProxyAgent({
    ...timeouts,
    connect,
    httpProxy: proxy.httpProxy ?? '',
    httpsProxy: proxy.httpsProxy ?? '',
    noProxy: proxy.noProxy,
    token: proxy.authorization,
    proxyTls,
    requestTls,
    // The proxy's own connections: a failure there (its certificate, its address) is not the service's.
    clientFactory: (origin, options) => {
      const { connect } = options as { connect: buildConnector.connector };
      return new undici.Pool(origin, {
        ...options,
        // undici names a proxy given by IP address in SNI, which TLS does not allow (Node warns, DEP0123).
        connect: ({ servername, ...connection }, callback) =>
          connect({ ...connection, servername: servername && isIP(servername) ? undefined : servername }, (...result) => {
            noteProxyFailure(result[0]);
            callback(...result);
          }),
      });
    },
  });
  const via = [proxy.httpsProxy, proxy.httpProxy].filter((url): url is string => Boolean(url)).map(hostOf);
  const except = proxy.noProxy ? ` except ${proxy.noProxy}` : '';
  const strict = proxy.strictSSL ? '' : ", the proxy's own certificate not checked (http.proxyStrictSSL off)";
  return { dispatcher, proxy, description: `through proxy ${[...new Set(via)].join(' / ')}${except}${strict}, ${trust}` };
}

function hostOf(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}
