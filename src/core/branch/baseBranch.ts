// "The base branch" of a build, one meaning for every feature: the comparison with the base, the flaky
// count, the first-failed search and the changed functions' merge base all ask this, in this order.

export interface BaseBranchSources {
  /** The pull request's destination, when the build was made for one. */
  readonly destination?: string;
  /** buildService.baseBranch for the build's repository; '' when not set. */
  readonly setting: string;
  /** Where the clone's `origin/HEAD` points, read only when the two above are missing. */
  originHead(): Promise<string | undefined>;
  /** main or master, whichever the app builds (the service's branch list), read last. */
  appDefault(): Promise<string | undefined>;
}

/** The pull request's destination, then the setting, then `origin/HEAD`, then main/master; '' when none. */
export async function baseBranchOf(sources: BaseBranchSources): Promise<string> {
  return sources.destination || sources.setting || (await sources.originHead()) || (await sources.appDefault()) || '';
}
