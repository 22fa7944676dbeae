import type * as vscode from 'vscode';
import type { Log } from '../services/log';
import { loadQrModule } from './qrLoader';
import type { QrPage, ShownQr } from './qrPage';

/**
 * The QR code of a build's install link, in a webview panel. What draws it (views/qrPage.ts and the QR
 * encoder) is dist/qr.js, loaded the first time a code is shown.
 */
export class QrPanel implements vscode.Disposable {
  private page: QrPage | undefined;
  private disposed = false;

  constructor(private readonly log: Log) {}

  /** What the panel shows now, for tests. */
  get shown(): ShownQr | undefined {
    return this.page?.shown;
  }

  async show(url: string, title: string): Promise<void> {
    const { QrPage } = await loadQrModule();
    if (this.disposed) return;
    this.page ??= new QrPage(this.log);
    this.page.show(url, title);
  }

  dispose(): void {
    this.disposed = true;
    this.page?.dispose();
  }
}
