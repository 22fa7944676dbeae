import { BuildServiceClient, type RequestReport } from '../../api';
import type { TokenStore } from './tokenStore';
import type { Settings, SettingsService } from '../settings';
import { loggedText } from '../../core/text/serviceText';
import type { Log } from '../log';
import type { NetworkSettings } from '../networkSettings';
import type { UnencryptedConsent } from './unencryptedConsent';
import { Disposable } from '../../core/disposable';

export interface ClientCacheDeps {
  settings: SettingsService;
  /** One for every account: the proxy and certificates are the window's. */
  network: NetworkSettings;
  log: Log;
  userAgent: string;
  /** Asks before the token goes to an http:// address. */
  consent?: UnencryptedConsent;
}

/** One account's address and token; the client it makes never holds another account's token. */
export interface ClientTarget {
  readonly baseUrl: string;
  readonly tokens: TokenStore;
  /** Named in every log line of its requests. */
  readonly label: () => string;
}

// One client per timeout and network settings. A change closes the old client and cancels its
// requests: their answers would come through a proxy the user no longer wants.
export class ClientCache extends Disposable {
  private entry: { key: string; client: BuildServiceClient } | undefined;

  constructor(
    private readonly deps: ClientCacheDeps,
    private readonly target: ClientTarget,
  ) {
    super();
    this.register(
      deps.settings.onDidChange((s) => {
        if (this.entry && this.entry.key !== this.keyOf(s)) this.drop();
      }),
      deps.network.onDidChange(() => {
        if (this.entry && this.entry.key !== this.keyOf(this.deps.settings.value)) this.drop();
      }),
    );
  }

  get(): BuildServiceClient {
    const settings = this.deps.settings.value;
    const key = this.keyOf(settings);
    if (this.entry?.key !== key) {
      this.drop();
      const { baseUrl, tokens } = this.target;
      const client = new BuildServiceClient({
        baseUrl,
        getToken: async () => {
          this.deps.consent?.ensure(baseUrl);
          return tokens.get();
        },
        network: this.deps.network.value,
        onNetworkReady: (how) => this.deps.log.info(`Requests to ${baseUrl} go ${how}.`),
        timeoutMs: settings.timeoutSeconds * 1000,
        userAgent: this.deps.userAgent,
        onRequest: (report) => this.logRequest(report),
        // Once per address: a service that ignores `limit` would otherwise say it every round.
        onLongList: (note) => this.deps.log.warnOnce(`long list ${baseUrl}`, loggedText(`[${this.target.label()}] ${note}`)),
      });
      this.entry = { key, client };
    }
    return this.entry.client;
  }

  /** The client made last, without making one. */
  get current(): BuildServiceClient | undefined {
    return this.entry?.client;
  }

  private logRequest({ method, path, attempt, status, durationMs, error }: RequestReport): void {
    const retry = attempt > 1 ? ` (attempt ${attempt})` : '';
    const outcome = status === undefined ? `failed: ${error?.kind ?? 'error'}` : String(status);
    const server = error?.serverMessage ? ` — server said "${error.serverMessage}"` : '';
    const line = `[${this.target.label()}] ${method} ${path} ${outcome} in ${durationMs} ms${retry}${server}`;
    // The server's text and the error message quote the service: complete, but on one line.
    if (error) this.deps.log.warn(loggedText(error.kind === 'cancelled' ? line : `${line} — ${error.message}`));
    else this.deps.log.info(loggedText(line));
  }

  private drop(): void {
    const old = this.entry;
    this.entry = undefined;
    void old?.client.dispose();
  }

  override dispose(): void {
    super.dispose();
    this.drop();
  }

  private keyOf(settings: Settings): string {
    return `${settings.timeoutSeconds} ${this.deps.network.key}`;
  }
}
