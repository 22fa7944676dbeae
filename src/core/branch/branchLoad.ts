// The Current Branch view's rules, without vscode so that they are unit-tested against the reference service.
import type { App, Build } from '../../api/models';
import type { BranchBuild, BranchState, GitSnapshot } from './branchState';
import { notReady, type NotReady } from '../accounts/connection';
import { appsBuildingRepo, matchesAcross } from './matchApps';
import { accountFor, resolvePin, type PinResult } from '../accounts/repoAccount';
import { mapPooled } from '../apps/pool';
import { firstOfEachId } from '../apps/uniqueIds';
import { orNone } from '../builds/latestBuild';

export type ConnectionState = NotReady | { kind: 'ready' };

/** What Git alone says: the state when that settles it (no Git, no repository, a detached HEAD), else the branch. */
export function gitBranch(snapshot: GitSnapshot): { settled: BranchState } | { branch: string } {
  if (snapshot.kind !== 'repository') return { settled: snapshot };
  if (snapshot.branch === undefined) return { settled: { kind: 'detached' } };
  return { branch: snapshot.branch };
}

// No address or token is the views' welcome; an invalid address is a failure, in the words every view uses.
export function branchToLoad(snapshot: GitSnapshot, connection: ConnectionState): BranchState | { kind: 'load'; branch: string } {
  const git = gitBranch(snapshot);
  if ('settled' in git) return git.settled;
  if (connection.kind === 'not-configured' || connection.kind === 'no-token') return { kind: connection.kind };
  if (connection.kind === 'invalid-setting') return { kind: 'failed', branch: git.branch, error: notReady(connection) };
  return { kind: 'load', branch: git.branch };
}

export interface BranchSources {
  /** The account's key (its normalized address). */
  account: string;
  apps(): Promise<readonly App[]>;
  /** Each app's repo_url (undefined: no builds), known or asked for; called with every app listed and the repository's remotes. */
  repoUrls(apps: readonly App[], remoteUrls: readonly string[]): Promise<(appId: string) => string | undefined>;
  getLatestBuild(appId: string, options: { branch: string }): Promise<Build>;
}

/** The latest build of `branch` for each app of one account that builds the repository, or for the pinned app. */
export async function loadBranch(
  branch: string,
  remoteUrls: readonly string[],
  pinnedAppId: string,
  sources: BranchSources,
): Promise<BranchState> {
  const across = await loadBranchAcross(branch, remoteUrls, pinnedAppId, [{ ...sources, label: '' }], {
    choose: () => Promise.resolve(undefined),
  });
  return across.state;
}

export interface AccountBranchSources extends BranchSources {
  readonly label: string;
}

export interface AcrossOptions {
  /** The account the user chose for this repository before. */
  remembered?: string;
  /** Apps of several accounts build the repository: the one the user picks (undefined: none picked). */
  choose(accounts: readonly string[]): Promise<string | undefined>;
  /** An account that could not be asked while another could. */
  skipped?(account: string, error: unknown): void;
}

export interface AcrossResult {
  state: BranchState;
  account?: string;
  /** The accounts whose apps build the repository (several: the user chooses). */
  candidates?: readonly string[];
  /** buildService.appId names no app, or one that several accounts list. */
  pin?: Exclude<PinResult<App>, { kind: 'found' }>;
}

/** The latest build of `branch` per matching app, across `sources` (the accounts ready to be asked); core/accounts/repoAccount.ts picks the account. */
export async function loadBranchAcross(
  branch: string,
  remoteUrls: readonly string[],
  pinned: string,
  sources: readonly AccountBranchSources[],
  options: AcrossOptions,
): Promise<AcrossResult> {
  // One row per app: VS Code refuses a tree with two items of one id.
  const listed = await eachAccount(sources, options, async (source) => ({
    source,
    apps: firstOfEachId(await source.apps(), (app) => app.id).items,
  }));
  let chosen: { source: AccountBranchSources; apps: App[]; candidates?: readonly string[] } | undefined;
  if (pinned) {
    const pin = resolvePin(
      pinned,
      listed.map(({ source, apps }) => ({ account: source.account, label: source.label, apps })),
    );
    if (pin.kind !== 'found') return { state: { kind: 'no-app', branch, pinnedId: pinned }, pin };
    const { account, app } = pin;
    const source = sources.find((s) => s.account === account);
    if (!source) return { state: { kind: 'no-app', branch, pinnedId: pinned } };
    chosen = { source, apps: [app] };
  } else {
    const known = await eachAccount(
      listed.map((l) => l.source),
      options,
      async (source) => {
        const apps = listed.find((l) => l.source === source)?.apps ?? [];
        return { account: source.account, apps, repoUrlOf: await source.repoUrls(apps, remoteUrls) };
      },
    );
    const matches = matchesAcross(known, remoteUrls);
    const candidates = [...new Set(matches.map((m) => m.account))];
    const decision = accountFor(matches, options.remembered);
    let account: string | undefined;
    if (decision.kind === 'ask') {
      account = await options.choose(decision.accounts);
      if (account === undefined || !decision.accounts.includes(account))
        return { state: { kind: 'choose-account', branch, accounts: decision.accounts }, candidates };
    } else if (decision.kind === 'use') account = decision.account;
    if (account === undefined) return { state: { kind: 'no-app', branch } };
    const mine = known.find((k) => k.account === account);
    const source = sources.find((s) => s.account === account);
    if (!mine || !source) return { state: { kind: 'no-app', branch } };
    chosen = { source, apps: appsBuildingRepo(mine.apps, mine.repoUrlOf, remoteUrls), candidates };
  }
  const { source, apps } = chosen;
  const entries = await mapPooled(apps, async (app): Promise<BranchBuild> => {
    const build = await orNone(source.getLatestBuild(app.id, { branch }));
    return build ? { app, held: { build } } : { app };
  });
  return { state: { kind: 'builds', branch, entries, pinned: Boolean(pinned) }, account: source.account, candidates: chosen.candidates };
}

/** Each account's answer; one that fails is skipped while another answers, else its failure is the load's. */
async function eachAccount<T>(
  sources: readonly AccountBranchSources[],
  options: AcrossOptions,
  ask: (source: AccountBranchSources) => Promise<T>,
): Promise<T[]> {
  const settled = await Promise.allSettled(sources.map(ask));
  const answered = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failures = settled.flatMap((s, i) =>
    s.status === 'rejected' ? [{ account: sources[i].account, error: s.reason as unknown }] : [],
  );
  if (failures.length > 0 && answered.length === 0) throw failures[0].error;
  for (const { account, error } of failures) options.skipped?.(account, error);
  return answered;
}
