import vscode = require('vscode');
import { hasHostFetch, type NetworkOptions, type ProxyOptions } from '../api';

const WATCHED = [
  'http.proxy',
  'http.proxyAuthorization',
  'http.noProxy',
  'http.proxyStrictSSL',
  'http.proxySupport',
  'http.systemCertificates',
  'http.fetchAdditionalSupport',
];

const SUPPORT_VALUES = new Set(['off', 'on', 'override', 'fallback']);

export function readNetworkOptions(): NetworkOptions {
  const http = vscode.workspace.getConfiguration('http');
  const text = (key: string): string | undefined => {
    const value = http.get<unknown>(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const support = text('proxySupport');
  const noProxy = http.get<unknown>('noProxy');
  const proxy: ProxyOptions = {
    support: support && SUPPORT_VALUES.has(support) ? (support as ProxyOptions['support']) : undefined,
    url: text('proxy'),
    // VS Code types it as an object or null; a string is what the Proxy-Authorization header takes.
    authorization: text('proxyAuthorization'),
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    strictSSL: http.get<unknown>('proxyStrictSSL') !== false,
  };
  return { vscodeFetch: vscodeFetchIsOn(http), proxy, systemCertificates: http.get<unknown>('systemCertificates') !== false };
}

/**
 * VS Code patches the extension host's global fetch with its proxy and certificates while this
 * documented setting is on (its default). A VS Code that does not know the setting has no such fetch.
 */
function vscodeFetchIsOn(http: vscode.WorkspaceConfiguration): boolean {
  const known = http.inspect<unknown>('fetchAdditionalSupport')?.defaultValue !== undefined;
  return known && hasHostFetch() && http.get<unknown>('fetchAdditionalSupport') !== false;
}

/** Fires on any change, so the client cache builds a new client at once (no window reload). */
export class NetworkSettings implements vscode.Disposable {
  /** Read when the first client is made, not at activation. */
  private current: NetworkOptions | undefined;
  private readonly changed = new vscode.EventEmitter<NetworkOptions>();
  private readonly subscription = vscode.workspace.onDidChangeConfiguration((e) => {
    if (!WATCHED.some((key) => e.affectsConfiguration(key))) return;
    this.current = readNetworkOptions();
    this.changed.fire(this.current);
  });

  readonly onDidChange = this.changed.event;

  get value(): NetworkOptions {
    this.current ??= readNetworkOptions();
    return this.current;
  }

  /** Equal keys mean an equal network; the key holds credentials, so it stays in memory only. */
  get key(): string {
    return JSON.stringify(this.value);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
