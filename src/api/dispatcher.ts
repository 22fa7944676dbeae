// The client's own undici dispatcher (never the global one, which other extensions share): direct,
// or through the configured proxy with CONNECT tunnels (undici's ProxyAgent tunnels http:// too, so
// the proxy only ever sees the target host, never the token or the path).
import type { Dispatcher } from 'undici';
import { type NetworkOptions, type ResolvedProxy, resolveProxy } from './network';
import { loadTrustStore } from './trustStore';

export interface BuiltDispatcher {
  dispatcher: Dispatcher;
  proxy?: ResolvedProxy;
  /** One line for the log: how requests leave (proxy host only, never its credentials). */
  description: string;
}

type Undici = typeof import('undici');

export async function buildDispatcher(undici: Undici, timeoutMs: number, network: NetworkOptions = {}): Promise<BuiltDispatcher> {
  const proxy = resolveProxy(network.proxy);
  const systemCertificates = network.systemCertificates ?? true;
  // Without the system store, Node's defaults (its roots plus NODE_EXTRA_CA_CERTS) apply untouched.
  const store = systemCertificates ? await loadTrustStore() : undefined;
  const ca = store?.certificates;
  const timeouts = { connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
  const trust = `trusting ${store ? store.sources.join(', ') : "Node's roots and NODE_EXTRA_CA_CERTS"}`;
  if (!proxy) {
    return { dispatcher: new undici.Agent({ ...timeouts, connect: { ca } }), description: `direct, ${trust}` };
  }
  const tls = { ca, rejectUnauthorized: proxy.strictSSL, timeout: timeoutMs };
  const dispatcher = new undici.EnvHttpProxyAgent({
    ...timeouts,
    connect: { ca },
    httpProxy: proxy.httpProxy ?? '',
    httpsProxy: proxy.httpsProxy ?? '',
    noProxy: proxy.noProxy,
    token: proxy.authorization,
    proxyTls: tls,
    requestTls: tls,
  });
  const via = [proxy.httpsProxy, proxy.httpProxy].filter((url): url is string => Boolean(url)).map(hostOf);
  const except = proxy.noProxy ? ` except ${proxy.noProxy}` : '';
  const strict = proxy.strictSSL ? '' : ', certificates of proxied connections not checked (http.proxyStrictSSL off)';
  return { dispatcher, proxy, description: `through proxy ${[...new Set(via)].join(' / ')}${except}${strict}, ${trust}` };
}

function hostOf(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}
