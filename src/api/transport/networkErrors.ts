// Failures of the proxy or of TLS, told apart from the service's own: each needs a different fix,
// and "cannot reach the service" would send the user to the wrong setting.
import * as l10n from '@vscode/l10n';
import { ApiError } from '../errors';
import type { ResolvedProxy } from './network';
import type { Route } from './route';

const NOT_TRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_REVOKED',
]);
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const WRONG_HOST = 'ERR_TLS_CERT_ALTNAME_INVALID';

// A function, so the text is translated when a failure happens.
const TRUST_FIX = (): string =>
  l10n.t(
    'If your network inspects HTTPS with its own certificate authority, add that CA to the system certificate store (with http.systemCertificates on) or put it in a PEM file named by NODE_EXTRA_CA_CERTS, then restart VS Code.',
  );

/** A certificate no trusted authority vouches for (not an expired one, not one for another name). */
export function untrustedCertificate(error: unknown): boolean {
  return codesOf(error).some((code) => NOT_TRUSTED.has(code));
}

/** Errors of a connection to the proxy itself, as its connector saw them (dispatcher.ts). */
const proxyFailures = new WeakSet<object>();

export function noteProxyFailure(error: unknown): void {
  if (error !== null && typeof error === 'object') proxyFailures.add(error);
}

interface Where {
  method: string;
  url: string;
  cause: unknown;
}

/** A certificate or proxy failure as its own ApiError, or undefined when it is neither. */
export function describeNetworkFailure(
  error: unknown,
  where: Where,
  route: Pick<Route, 'proxy' | 'chooser'> | undefined,
): ApiError | undefined {
  const proxy = route?.proxy;
  const byVsCode = route?.chooser === 'vscode';
  const codes = codesOf(error);
  const host = new URL(where.url).host;
  const certificate = codes.find((code) => NOT_TRUSTED.has(code) || EXPIRED.has(code) || code === WRONG_HOST);
  const proxyHost = proxy && proxyFor(where.url, proxy);
  const atProxy = proxyHost !== undefined && chain(error).some((e) => proxyFailures.has(e));
  if (certificate && atProxy) {
    return new ApiError(
      'certificate',
      l10n.t(
        "The certificate of the proxy {0} was not accepted ({1}); nothing was sent. If the proxy is your company's, trust its certificate authority (in the system certificate store or NODE_EXTRA_CA_CERTS), or turn http.proxyStrictSSL off.",
        proxyHost.host,
        certificate,
      ),
      { ...where, code: certificate },
    );
  }
  if (certificate) {
    const details = { ...where, code: certificate };
    if (EXPIRED.has(certificate)) {
      const message =
        certificate === 'CERT_HAS_EXPIRED'
          ? l10n.t(
              "The certificate of {0} has expired; nothing was sent. Check the computer's clock, or ask the service's administrators to renew it.",
              host,
            )
          : l10n.t(
              "The certificate of {0} is not valid yet; nothing was sent. Check the computer's clock, or ask the service's administrators to renew it.",
              host,
            );
      return new ApiError('certificate', message, details);
    }
    if (certificate === WRONG_HOST) {
      return new ApiError(
        'certificate',
        l10n.t(
          'The certificate presented for {0} is for another host name; nothing was sent. Check buildService.baseUrl. {1}',
          host,
          TRUST_FIX(),
        ),
        details,
      );
    }
    return new ApiError(
      'certificate',
      l10n.t('The certificate of {0} is not trusted ({1}); nothing was sent. {2}', host, certificate, TRUST_FIX()),
      details,
    );
  }
  const proxyStatus = proxyStatusOf(error);
  if (proxyStatus === '407') return proxyLoginRefused(where, route);
  if (proxyStatus) {
    const settings = byVsCode ? "http.proxy, http.noProxy and the system's proxy settings" : 'http.proxy and http.noProxy';
    return new ApiError(
      'network',
      `The proxy refused to connect to ${host} (${proxyStatus}); nothing reached the build service. Check ${settings}.`,
      { ...where, code: `PROXY_${proxyStatus}` },
    );
  }
  const vsCodeProxy = byVsCode ? unreachedProxy(error, where.url) : undefined;
  if (vsCodeProxy) {
    return new ApiError(
      'network',
      `Could not connect to the proxy ${vsCodeProxy} (${codes[0] ?? 'failed'}) that VS Code chose for ${host}. Check http.proxy, the HTTPS_PROXY environment variable or the system's proxy settings.`,
      { ...where, code: codes[0] },
    );
  }
  if (atProxy) {
    return new ApiError(
      'network',
      `Could not connect to the proxy ${proxyHost.host} (${codes[0] ?? 'failed'}). Check http.proxy or the HTTPS_PROXY environment variable.`,
      { ...where, code: codes[0] },
    );
  }
  return undefined;
}

function proxyLoginRefused(where: Where, route: Pick<Route, 'chooser'> | undefined): ApiError {
  const message =
    route?.chooser === 'vscode'
      ? "The proxy VS Code chose asked for authentication (407) and VS Code had no login for it; nothing reached the build service. VS Code asks for a proxy's user name and password itself on the desktop (or uses Kerberos); elsewhere, put them in http.proxy or set http.proxyAuthorization."
      : 'The proxy asked for authentication (407) and did not accept what was sent; nothing reached the build service. Check the credentials in http.proxy or http.proxyAuthorization.';
  return new ApiError('proxy-auth', message, { ...where, status: 407, code: 'PROXY_407' });
}

/**
 * On VS Code's route the proxy is VS Code's choice, unknown here; a refused or unreachable address whose
 * port is not the service's is taken as that proxy's (a service and its proxy on one port is rare).
 */
function unreachedProxy(error: unknown, url: string): string | undefined {
  const failed = chain(error).find((e) => typeof (e as { port?: unknown }).port === 'number') as
    { address?: string; port: number; code?: unknown } | undefined;
  if (!failed || !['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT'].includes(String(failed.code))) return undefined;
  const target = new URL(url);
  const servicePort = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  return failed.port === servicePort ? undefined : `${failed.address ?? ''}:${failed.port}`;
}

/** The proxy a request to `url` would use, ignoring NO_PROXY (which a request that failed at a proxy did not match). */
function proxyFor(url: string, proxy: ResolvedProxy): URL | undefined {
  const chosen = url.startsWith('https:') ? proxy.httpsProxy : proxy.httpProxy;
  return chosen ? new URL(chosen) : undefined;
}

/**
 * The proxy's answer to CONNECT: its status where the error carries one (VS Code's proxy agent on a
 * failed login), else as undici's tunnel words it, "Proxy response (407) !== 200".
 */
function proxyStatusOf(error: unknown): string | undefined {
  for (const e of chain(error)) {
    const status = (e as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 300 && status < 600) return String(status);
  }
  return /Proxy response \((\d{3})\)/.exec(messagesOf(error).join(' '))?.[1];
}

function chain(error: unknown): object[] {
  const found: object[] = [];
  for (let e = error; e !== null && typeof e === 'object' && found.length < 5; e = (e as { cause?: unknown }).cause) found.push(e);
  return found;
}

function codesOf(error: unknown): string[] {
  return chain(error)
    .map((e) => (e as { code?: unknown }).code)
    .filter((code): code is string => typeof code === 'string');
}

function messagesOf(error: unknown): string[] {
  return chain(error).map((e) => (e instanceof Error ? e.message : ''));
}
