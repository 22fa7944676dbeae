// Proxy and certificates, filled from VS Code's http.* settings (services/networkSettings.ts); left out,
// the environment decides, as it does for curl.
import { ApiError } from '../errors';

export interface ProxyOptions {
  /** `http.proxySupport`: 'off' means never a proxy, whatever else is set. */
  support?: 'off' | 'on' | 'override' | 'fallback';
  /** `http.proxy`; empty or missing: the environment's. */
  url?: string;
  /** `http.proxyAuthorization`: a whole Proxy-Authorization value, sent instead of the URL's credentials. */
  authorization?: string;
  /** `http.noProxy`: hosts (`example.com`, `.corp`, `*.corp`, `host:port`) reached directly. */
  noProxy?: readonly string[];
  /** `http.proxyStrictSSL`: false accepts any certificate of an https:// proxy itself; the service's is checked all the same. */
  strictSSL?: boolean;
}

export interface NetworkOptions {
  /** VS Code's patched global fetch is there and on (`http.fetchAdditionalSupport`): networkRoute.ts. */
  vscodeFetch?: boolean;
  proxy?: ProxyOptions;
  /** `http.systemCertificates`: trust the operating system's certificate store too. Default true. */
  systemCertificates?: boolean;
}

export interface ResolvedProxy {
  httpProxy?: string;
  httpsProxy?: string;
  /** Comma-separated, as undici's EnvHttpProxyAgent reads NO_PROXY. */
  noProxy: string;
  authorization?: string;
  strictSSL: boolean;
}

type Env = Record<string, string | undefined>;

/** Settings first, then HTTPS_PROXY / HTTP_PROXY / NO_PROXY (lower case first, as curl); undefined: direct. */
export function resolveProxy(options: ProxyOptions | undefined, env: Env = process.env): ResolvedProxy | undefined {
  if (options?.support === 'off') return undefined;
  const strictSSL = options?.strictSSL ?? true;
  const configured = options?.url?.trim();
  const authorization = options?.authorization?.trim() || undefined;
  const settingNoProxy = (options?.noProxy ?? []).map((entry) => entry.trim()).filter(Boolean);
  if (configured) {
    checkProxyUrl(configured, 'http.proxy');
    return { httpProxy: configured, httpsProxy: configured, noProxy: settingNoProxy.join(','), authorization, strictSSL };
  }
  const pick = (name: string): string | undefined => (env[name.toLowerCase()] ?? env[name.toUpperCase()])?.trim() || undefined;
  const httpProxy = pick('HTTP_PROXY');
  const httpsProxy = pick('HTTPS_PROXY') ?? httpProxy;
  if (!httpProxy && !httpsProxy) return undefined;
  if (httpProxy) checkProxyUrl(httpProxy, 'HTTP_PROXY');
  if (httpsProxy) checkProxyUrl(httpsProxy, 'HTTPS_PROXY');
  const envNoProxy = pick('NO_PROXY') ?? '';
  const noProxy = [...settingNoProxy, ...envNoProxy.split(/[,\s]+/).filter(Boolean)].join(',');
  return { httpProxy, httpsProxy, noProxy, authorization, strictSSL };
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // Not *.localhost: whether those resolve to this computer depends on the system's resolver.
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function checkProxyUrl(text: string, source: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badProxy(source, 'is not an address (expected e.g. http://proxy.example.com:3128)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badProxy(source, `must start with http:// or https://, not ${url.protocol}//`);
  }
}

/** A bad proxy address is a configuration mistake: say which one, never echo it (it may hold a password). */
function badProxy(source: string, reason: string): ApiError {
  return new ApiError('network', `The proxy address in ${source} ${reason}; nothing was sent.`, { code: 'BAD_PROXY' });
}
