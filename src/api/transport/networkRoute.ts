// Which way a client's requests leave: VS Code's fetch (vscodeRoute.ts) whenever it is there and
// does what the user's settings ask, else our own dispatcher (dispatcher.ts), which reads http.proxy,
// http.noProxy, http.proxyAuthorization and the proxy environment variables itself (no PAC file, no
// system proxy, no Kerberos). Each exception below is a setting VS Code's fetch does not apply: seen
// in @vscode/proxy-agent's createFetchPatch as shipped with VS Code 1.100 and 1.139.
import { isLoopback, type NetworkOptions } from './network';

type Env = Record<string, string | undefined>;

const VSCODE_DIRECT = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Undefined: VS Code's fetch. Otherwise why this client's own dispatcher is used, for the log. */
export function ownRouteReason(baseUrl: string, network: NetworkOptions, env: Env = process.env): string | undefined {
  if (!network.vscodeFetch) return "VS Code's fetch support is off (http.fetchAdditionalSupport) or missing";
  // VS Code's resolver sends these three direct; another loopback address it might send to a proxy.
  const host = new URL(baseUrl).hostname;
  if (isLoopback(host) && !VSCODE_DIRECT.has(host)) return 'a loopback address VS Code might send to a proxy';
  const proxied = network.proxy?.support !== 'off';
  if (proxied && network.proxy?.authorization) return "http.proxyAuthorization is set, and VS Code's fetch does not send it";
  if (proxied && network.proxy?.strictSSL === false) {
    return "http.proxyStrictSSL is off, and VS Code's fetch checks the proxy's certificate all the same";
  }
  // VS Code's fetch hands TLS Node's roots and the system store as `ca`, which leaves this file out.
  if (env.NODE_EXTRA_CA_CERTS && network.systemCertificates !== false) {
    return "NODE_EXTRA_CA_CERTS is set, and VS Code's fetch does not trust the certificates it names";
  }
  return undefined;
}
