import * as vscode from 'vscode';

/** Context keys that package.json's viewsWelcome and menus read. */
export const ContextKey = {
  /** buildService.baseUrl holds a value (valid or not). */
  configured: 'buildService.configured',
  /** A token is stored or BUILD_SERVICE_TOKEN is set. */
  hasToken: 'buildService.hasToken',
  /** The last load succeeded and the service listed no apps. */
  noApps: 'buildService.noApps',
} as const;

export type ContextKeyName = (typeof ContextKey)[keyof typeof ContextKey];

/** Sets keys only when their value changes, since every setContext is a round trip to the UI. */
export class ContextKeys {
  private readonly values = new Map<ContextKeyName, boolean>();

  set(key: ContextKeyName, value: boolean): void {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }
}
