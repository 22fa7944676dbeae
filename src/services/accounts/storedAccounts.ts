import type * as vscode from 'vscode';
import { readStoredAccounts, type StoredAccount } from '../../core/accounts/accounts';
import { PersistentState } from '../persistentState';

/** The Accounts menu's list as kept across windows: nothing secret. */
export class StoredAccounts {
  private readonly state: PersistentState;

  constructor(globalState: vscode.Memento) {
    this.state = new PersistentState(globalState);
  }

  list(): StoredAccount[] {
    return readStoredAccounts(this.state.read('buildService.accounts'));
  }

  labelOf(id: string): string | undefined {
    return this.list().find((a) => a.baseUrl === id)?.label;
  }

  async put(id: string, label: string): Promise<void> {
    await this.state.write('buildService.accounts', [...this.others(id), { baseUrl: id, label }]);
  }

  async remove(id: string): Promise<void> {
    await this.state.write('buildService.accounts', this.others(id));
  }

  private others(id: string): StoredAccount[] {
    return this.list().filter((a) => a.baseUrl !== id);
  }
}
