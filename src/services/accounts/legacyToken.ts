import vscode = require('vscode');
import { LEGACY_TOKEN_KEY, secretKeyOf } from '../../core/accounts/accounts';
import { normalizeToken } from '../../core/accounts/tokenFormat';
import type { Log } from '../log';

// Development builds before accounts kept one token under a key of no address, for whatever
// buildService.baseUrl said. It moves, once, to the account of the address buildService.baseUrl names
// when it is first read (or when the address changes first): never to an address chosen later. A token
// written there again (a window of such a build) moves anew.
export class LegacyToken implements vscode.Disposable {
  private moving: Promise<boolean> | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly log: Log,
    /** The account of buildService.baseUrl now, for a token written there again. */
    ownerNow: () => string | undefined,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key !== LEGACY_TOKEN_KEY) return;
      const owner = ownerNow();
      this.moving = undefined;
      if (owner) void this.moveTo(owner);
    });
  }

  /**
   * Resolves when the address-less token, if any, is under `accountId`'s key, or was already moved to another account:
   * true when this call's move wrote it there.
   */
  moveTo(accountId: string): Promise<boolean> {
    this.moving ??= this.move(accountId).catch((error: unknown) => {
      this.log.warn(
        `The access token of ${LEGACY_TOKEN_KEY} could not be moved: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    });
    return this.moving;
  }

  private async move(accountId: string): Promise<boolean> {
    const token = (await this.secrets.get(LEGACY_TOKEN_KEY))?.trim();
    if (!token) return false;
    // Written after any token of the account's own (only a build before accounts writes there): the newer one wins.
    await this.secrets.store(secretKeyOf(accountId), normalizeToken(token));
    await this.secrets.delete(LEGACY_TOKEN_KEY);
    this.log.info(`The access token under ${LEGACY_TOKEN_KEY} now belongs to ${accountId} only.`);
    return true;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
