import * as vscode from 'vscode';
import type { ContextKeyName } from '../ids';

/** Sets keys only when their value changes, since every setContext is a round trip to the UI. */
export class ContextKeys {
  private readonly values = new Map<ContextKeyName, boolean | string>();

  set(key: ContextKeyName, value: boolean | string): void {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
