import vscode = require('vscode');

/** The channel name users see in the Output view; tests read the file VS Code writes for it. */
export const LOG_CHANNEL_NAME = 'Build Service';

const WARNED_KEPT = 500;

// Everything written goes through `scrub`, so a token in a server message or exception text never
// reaches the channel. The channel comes with the first line: a quiet window has none.
export class Log implements vscode.Disposable {
  private outputChannel: vscode.LogOutputChannel | undefined;
  private disposed = false;
  /** The keys warnOnce() has written; bounded, as keys may name apps. */
  private readonly warned = new Set<string>();

  constructor(private readonly secretsToHide: () => readonly string[]) {}

  info(message: string): void {
    this.channel?.info(this.scrub(message));
  }

  warn(message: string): void {
    this.channel?.warn(this.scrub(message));
  }

  /** A warning the first time only for its key: what every refresh would find again is said once. */
  warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    if (this.warned.size >= WARNED_KEPT) this.warned.delete(this.warned.values().next().value as string);
    this.warned.add(key);
    this.warn(message);
  }

  error(message: string): void {
    this.channel?.error(this.scrub(message));
  }

  show(): void {
    this.channel?.show(true);
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of this.secretsToHide()) {
      if (secret.length > 0) out = out.split(secret).join('[token]');
    }
    return out;
  }

  /** Undefined once disposed: a request that ends after deactivation must not make a new channel. */
  private get channel(): vscode.LogOutputChannel | undefined {
    if (this.disposed) return undefined;
    this.outputChannel ??= vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
    return this.outputChannel;
  }

  dispose(): void {
    this.disposed = true;
    this.outputChannel?.dispose();
  }
}
