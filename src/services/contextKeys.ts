import vscode = require('vscode');
import type { ContextKeyName } from '../ids';

// Only changes are sent: every setContext is a round trip to the UI, and each change a welcome view
// tests redraws it. A key never set reads as false in a `when` clause, so a first `false` or '' is not
// sent either.
export class ContextKeys {
  private readonly values = new Map<ContextKeyName, boolean | string>();

  set(key: ContextKeyName, value: boolean | string): void {
    if (!this.values.has(key) && !value) return;
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
