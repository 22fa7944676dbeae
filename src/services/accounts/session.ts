import vscode = require('vscode');
import type { App, BuildServiceClient } from '../../api';
import { notReady } from '../../core/accounts/connection';
import type { Account, Accounts, Connection } from './accounts';
import { Disposable } from '../../core/disposable';

export type { Connection } from './accounts';

// The account work acts for when nothing else names one: the workspace's buildService.account, else the
// first. `onDidChange` fires when that becomes another account or its token changes, so the views reload
// and the poller lets go; another account coming or going is Accounts.onDidChange.
export class Session extends Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** The account as of the first connection(); undefined until then, when nothing is to reset. */
  private connectedTo: string | undefined;
  readonly onDidChange = this.changed.event;

  constructor(readonly accounts: Accounts) {
    super();
    this.register(
      accounts.onDidChange(() => {
        if (this.connectedTo === undefined) return; // nothing connected yet: nothing to reset
        const key = this.keyOf();
        if (key === this.connectedTo) return;
        this.connectedTo = key;
        this.changed.fire();
      }),
      accounts.onDidChangeToken((account) => {
        if (account === this.account()) this.changed.fire();
      }),
    );
  }

  account(): Account | undefined {
    return this.accounts.chosen();
  }

  async connection(): Promise<Connection> {
    this.connectedTo ??= this.keyOf();
    const account = this.account();
    return account ? account.connection() : { kind: 'not-configured' };
  }

  /** For work someone asked for: rejects with the ApiError saying why the service cannot be asked. */
  async ready(): Promise<BuildServiceClient> {
    const connection = await this.connection();
    if (connection.kind === 'ready') return connection.client;
    throw notReady(connection);
  }

  /** `account` if it is still one of the user's, else this window's: a node may outlive its account. */
  live(account: Account | undefined): Account | undefined {
    return account && this.accounts.all().includes(account) ? account : this.account();
  }

  /** For work on something of `account` (a node, a build): rejects with why nothing can be sent. */
  async readyFor(account: Account | undefined): Promise<BuildServiceClient> {
    const live = this.live(account);
    return live === this.account() ? this.ready() : (live?.ready() ?? this.ready());
  }

  /** The apps of the account whose client this is. */
  apps(client: BuildServiceClient, signal?: AbortSignal): Promise<readonly App[]> {
    const account = this.accounts.ofClient(client) ?? this.account();
    if (!account) throw notReady({ kind: 'not-configured' });
    return account.apps(client, signal);
  }

  nameOf(appId: string): string {
    const first = this.account()?.nameOf(appId);
    if (first) return first;
    for (const account of this.accounts.all()) {
      const name = account.nameOf(appId);
      if (name) return name;
    }
    return appId;
  }

  /** Refresh: every account's app list is asked for again. */
  forgetApps(): void {
    this.accounts.forgetApps();
  }

  private keyOf(): string {
    const account = this.account();
    return account ? `${account.fromSettings}|${account.id}` : '';
  }

  override dispose(): void {
    super.dispose();
    this.changed.dispose();
  }
}
