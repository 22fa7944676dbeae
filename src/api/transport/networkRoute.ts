// Which way a client's requests leave: VS Code's fetch (vscodeRoute.ts) whenever it is there and
// does what the user's settings ask, else our own dispatcher (dispatcher.ts), which reads http.proxy,
// http.noProxy, http.proxyAuthorization and the proxy environment variables itself (no PAC file, no
// system proxy, no Kerberos). Each exception below is a setting VS Code's fetch does not apply: seen
// in @vscode/proxy-agent's createFetchPatch as shipped with VS Code 1.100 and 1.139. An exception
// costs PAC, the system proxy and Kerberos, so it applies only where the setting would matter.
import { isLoopback, type NetworkOptions, type ResolvedProxy, resolveProxy } from './network';

type Env = Record<string, string | undefined>;

const VSCODE_DIRECT = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Undefined: VS Code's fetch. Otherwise why this client's own dispatcher is used, for the log. */
export function ownRouteReason(baseUrl: string, network: NetworkOptions, env: Env = process.env): string | undefined {
  if (!network.vscodeFetch) return "VS Code's fetch support is off (http.fetchAdditionalSupport) or missing";
  // VS Code's resolver sends these three direct; another loopback address it might send to a proxy.
  const host = new URL(baseUrl).hostname;
  if (isLoopback(host) && !VSCODE_DIRECT.has(host)) return 'a loopback address VS Code might send to a proxy';
  // A proxy address that is not one is reported by our own route, which names the setting.
  let proxy: string | undefined;
  try {
    proxy = VSCODE_DIRECT.has(host) ? undefined : proxyFor(baseUrl, resolveProxy(network.proxy, env));
  } catch {
    return 'the proxy address is not one';
  }
  if (proxy && network.proxy?.authorization) {
    return `http.proxyAuthorization is set for the proxy ${hostOf(proxy)}, and VS Code's fetch does not send it`;
  }
  // The setting concerns the proxy's own TLS, which only an https:// proxy has.
  if (proxy?.startsWith('https:') && network.proxy?.strictSSL === false) {
    return `http.proxyStrictSSL is off for the https:// proxy ${hostOf(proxy)}, and VS Code's fetch checks its certificate all the same`;
  }
  return undefined;
}

/**
 * VS Code's fetch hands TLS Node's roots and the system store as `ca`, which leaves NODE_EXTRA_CA_CERTS
 * out. Often set for something else, so VS Code's route is tried first; the client moves to our own
 * route after a certificate failure at the service, which happens before anything is sent (vscodeFirst.ts).
 */
export function extraCertificatesFile(network: NetworkOptions, env: Env = process.env): string | undefined {
  return network.systemCertificates !== false ? env.NODE_EXTRA_CA_CERTS?.trim() || undefined : undefined;
}

/** The proxy settings and environment name for `url`, or undefined when none applies (none set, or NO_PROXY matches). */
export function proxyFor(url: string, proxy: ResolvedProxy | undefined): string | undefined {
  if (!proxy) return undefined;
  const target = new URL(url);
  const chosen = target.protocol === 'https:' ? proxy.httpsProxy : proxy.httpProxy;
  if (!chosen) return undefined;
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return bypassed(target.hostname.toLowerCase(), port, proxy.noProxy) ? undefined : chosen;
}

/** NO_PROXY as undici and curl read it: `*`, `host`, `.suffix`, `*.suffix`, each with an optional `:port`. */
function bypassed(hostname: string, port: string, noProxy: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const [bare, entryPort] = splitPort(entry);
    const name = bare.replace(/^\*?\./, '');
    if (entryPort && entryPort !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** `host:port`, `[v6]:port`, or a bare name or address (an IPv6 address has more than one colon). */
function splitPort(entry: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1], bracketed[2]];
  const parts = entry.split(':');
  return parts.length === 2 ? [parts[0], parts[1]] : [entry, undefined];
}

function hostOf(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}
