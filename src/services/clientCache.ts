import type * as vscode from 'vscode';
import { BuildServiceClient, type RequestReport } from '../api';
import type { TokenStore } from './tokenStore';
import type { Settings, SettingsService } from './settings';
import { loggedText } from '../core/serviceText';
import type { Log } from './log';
import { NetworkSettings } from './networkSettings';
import type { UnencryptedConsent } from './unencryptedConsent';

export interface ClientCacheDeps {
  settings: SettingsService;
  tokens: TokenStore;
  log: Log;
  userAgent: string;
  /** Asks before the token goes to an http:// address. */
  consent?: UnencryptedConsent;
}

// One client per address, timeout and network settings. A change closes the old client and cancels its
// requests: their answers would come from a service or through a proxy the user no longer wants.
export class ClientCache implements vscode.Disposable {
  private entry: { key: string; client: BuildServiceClient } | undefined;
  private readonly subscription: vscode.Disposable;
  readonly network = new NetworkSettings();
  private readonly networkSubscription: vscode.Disposable;

  constructor(private readonly deps: ClientCacheDeps) {
    this.subscription = deps.settings.onDidChange((s) => {
      if (this.entry && this.entry.key !== this.keyOf(s)) this.drop();
    });
    this.networkSubscription = this.network.onDidChange(() => {
      if (this.entry && this.entry.key !== this.keyOf(this.deps.settings.value)) this.drop();
    });
  }

  /** undefined while the address is not set or not valid. */
  get(): BuildServiceClient | undefined {
    const settings = this.deps.settings.value;
    if (!settings.baseUrl) return undefined;
    const key = this.keyOf(settings);
    if (this.entry?.key !== key) {
      this.drop();
      const client = new BuildServiceClient({
        baseUrl: settings.baseUrl,
        getToken: async () => {
          this.deps.consent?.ensure(settings.baseUrl);
          return this.deps.tokens.get();
        },
        network: this.network.value,
        onNetworkReady: (how) => this.deps.log.info(`Requests to ${settings.baseUrl} go ${how}.`),
        timeoutMs: settings.timeoutSeconds * 1000,
        userAgent: this.deps.userAgent,
        onRequest: (report) => this.logRequest(report),
      });
      this.entry = { key, client };
    }
    return this.entry.client;
  }

  private logRequest({ method, path, attempt, status, durationMs, error }: RequestReport): void {
    const retry = attempt > 1 ? ` (attempt ${attempt})` : '';
    const outcome = status === undefined ? `failed: ${error?.kind ?? 'error'}` : String(status);
    const server = error?.serverMessage ? ` — server said "${error.serverMessage}"` : '';
    const line = `${method} ${path} ${outcome} in ${durationMs} ms${retry}${server}`;
    // The server's text and the error message quote the service: complete, but on one line.
    if (error) this.deps.log.warn(loggedText(error.kind === 'cancelled' ? line : `${line} — ${error.message}`));
    else this.deps.log.info(line);
  }

  private drop(): void {
    const old = this.entry;
    this.entry = undefined;
    void old?.client.dispose();
  }

  dispose(): void {
    this.subscription.dispose();
    this.networkSubscription.dispose();
    this.network.dispose();
    this.drop();
  }

  private keyOf(settings: Settings): string {
    return `${settings.baseUrl} ${settings.timeoutSeconds} ${this.network.key}`;
  }
}
