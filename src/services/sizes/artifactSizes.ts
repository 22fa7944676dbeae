import vscode = require('vscode');
import type { Build, BuildServiceClient } from '../../api';
import type { ArtifactSize } from '../../core/artifacts/artifactSizes';
import { knownSizes, NO_SIZES, readSizes, withNoticed, withSizes, type StoredSizes } from '../../core/artifacts/sizeStore';
import { loggedText } from '../../core/text/serviceText';
import type { Account } from '../accounts/accounts';
import type { Log } from '../log';
import type { PersistentState } from '../persistentState';
import { RequestPlan } from '../testing/requestPlan';
import { DownloadRefusedError } from '../../api/transport/downloadGuard';
import { isCancellation } from '../../api/errors';

// Each finished build's artifact sizes, asked once ever: one ranged request per artifact (api/downloads/artifactSize.ts),
// at most RequestPlan's four at a time and only from a focused window, kept per account across windows
// (core/artifacts/sizeStore.ts) and forgotten at Sign Out. A running build's files are not final: not asked.
export class ArtifactSizes implements vscode.Disposable {
  private readonly plan = new RequestPlan();
  /** Sizes being asked, by account, build and artifact: a second look waits for the first. */
  private readonly asking = new Map<string, Promise<number | null | undefined>>();
  /** How often each account was forgotten: an answer that arrives after Sign Out is not written back. */
  private readonly forgotten = new Map<string, number>();
  /** What is kept, by account, as last written. */
  private readonly copies = new Map<string, StoredSizes>();
  private readonly learnt = new vscode.EventEmitter<void>();
  /** New sizes are known. */
  readonly onDidLearn = this.learnt.event;
  /** Requests sent (tests and the log). */
  get sent(): number {
    return this.plan.sent;
  }

  constructor(
    /** One entry per account, as the repository map: another account's window never rewrites it. */
    private readonly state: PersistentState,
    private readonly log: Log,
  ) {}

  /** What is known now, asking nothing. */
  known(account: Account, build: Build): ArtifactSize[] {
    return knownSizes(this.read(account.id), build);
  }

  /** A finished build's sizes, asking what is not kept; a failed request reads as unknown and is asked again next time. */
  async of(account: Account, client: BuildServiceClient, build: Build, signal: AbortSignal): Promise<ArtifactSize[]> {
    const known = this.known(account, build);
    if (!build.finished || known.every((a) => a.size !== undefined)) return known;
    const epoch = this.forgotten.get(account.id);
    const asked = await Promise.all(
      known.map(async (artifact) =>
        artifact.size !== undefined ? artifact : { ...artifact, size: await this.ask(account, client, build, artifact, signal) },
      ),
    );
    const learnt = Object.fromEntries(
      asked
        .filter((a) => a.size !== undefined && known.find((k) => k.key === a.key)?.size === undefined)
        .map((a) => [a.key, a.size as number | null]),
    );
    if (Object.keys(learnt).length > 0 && this.forgotten.get(account.id) === epoch) {
      await this.write(account.id, withSizes(this.read(account.id), build.id, learnt));
      this.learnt.fire();
    }
    return asked;
  }

  private ask(
    account: Account,
    client: BuildServiceClient,
    build: Build,
    artifact: ArtifactSize,
    signal: AbortSignal,
  ): Promise<number | null | undefined> {
    const key = `${account.scoped(build.id)}\n${artifact.key}`;
    let asking = this.asking.get(key);
    if (!asking) {
      asking = this.plan
        .run(signal, (s) => client.artifactSize(artifact.link.url, s))
        .then(
          (size) => size ?? null,
          (error: unknown) => {
            if (isCancellation(error)) return undefined;
            this.log.warn(
              loggedText(`Size of ${artifact.key} (build ${build.id}): ${error instanceof Error ? error.message : String(error)}`),
            );
            // A link refused (http:// from an https:// service, a private address) stays refused: unknown for good.
            return error instanceof DownloadRefusedError ? null : undefined;
          },
        )
        .finally(() => this.asking.delete(key));
      this.asking.set(key, asking);
    }
    return asking;
  }

  /** Whether the notice for this build was shown; marks it shown. */
  async firstNotice(account: Account, buildId: string): Promise<boolean> {
    const stored = this.read(account.id);
    if (stored.noticed.includes(buildId)) return false;
    await this.write(account.id, withNoticed(stored, buildId));
    return true;
  }

  /** Signed out: what the service's links said goes with the account. */
  async forget(accountId: string): Promise<void> {
    this.forgotten.set(accountId, (this.forgotten.get(accountId) ?? 0) + 1);
    this.copies.delete(accountId);
    await this.state.write('buildService.artifactSizes', undefined, accountId);
  }

  /** Our copy is the one read and changed: answers arriving together each add to it, none writes over another's. */
  private read(accountId: string): StoredSizes {
    let stored = this.copies.get(accountId);
    if (!stored) this.copies.set(accountId, (stored = readSizes(this.state.read('buildService.artifactSizes', accountId) ?? NO_SIZES)));
    return stored;
  }

  private async write(accountId: string, stored: StoredSizes): Promise<void> {
    this.copies.set(accountId, stored);
    await this.state.write('buildService.artifactSizes', stored, accountId);
  }

  dispose(): void {
    this.plan.dispose();
    this.learnt.dispose();
  }
}
