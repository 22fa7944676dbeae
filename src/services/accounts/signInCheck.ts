import vscode = require('vscode');
import type { App } from '../../api';
import { accountIdOf } from '../../core/accounts/accounts';
import type { Log } from '../log';
import { Account } from './account';
import type { ClientCacheDeps } from './clientCache';
import { TokenStore } from './tokenStore';

/** One GET /apps with this address and token, through a client of its own that is closed after. */
export async function checkToken(
  baseUrl: string,
  token: string,
  label: string,
  clientDeps: ClientCacheDeps,
  log: Log,
): Promise<readonly App[]> {
  const pending = new TokenStore(new MemorySecrets(), 'pending');
  await pending.set(token);
  const account = new Account(accountIdOf(baseUrl), label, pending, false, clientDeps, log);
  try {
    return await account.apps(await account.ready());
  } finally {
    account.dispose();
  }
}

/** For the sign-in check: the token is held nowhere but in memory until it is known to work. */
class MemorySecrets implements vscode.SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;
  get(key: string): Thenable<string | undefined> {
    return Promise.resolve(this.values.get(key));
  }
  store(key: string, value: string): Thenable<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
  delete(key: string): Thenable<void> {
    this.values.delete(key);
    return Promise.resolve();
  }
  keys(): Thenable<string[]> {
    return Promise.resolve([...this.values.keys()]);
  }
}
