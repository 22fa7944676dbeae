// Which account a repository's section uses, without vscode: services/branch/currentBranch.ts asks the accounts,
// remembers the user's answer per repository and shows the quick pick when this says 'ask'.

interface AppLike {
  readonly id: string;
}

export type AccountDecision<A> =
  | { kind: 'use'; account: string; apps: A[] }
  /** Apps of several accounts build the repository and none was chosen (or the chosen one is gone). */
  | { kind: 'ask'; accounts: string[] }
  | { kind: 'none' };

/**
 * The account whose apps build the repository: the only one that has any, else the one the user chose for it
 * if it still has some, else the user is asked. `matches` are matchesAcross's, in the order of the accounts.
 */
export function accountFor<A extends AppLike>(
  matches: readonly { account: string; app: A }[],
  remembered: string | undefined,
): AccountDecision<A> {
  const accounts = [...new Set(matches.map((m) => m.account))];
  const appsOf = (account: string) => matches.filter((m) => m.account === account).map((m) => m.app);
  if (remembered !== undefined && accounts.includes(remembered)) return { kind: 'use', account: remembered, apps: appsOf(remembered) };
  if (accounts.length === 0) return { kind: 'none' };
  if (accounts.length === 1) return { kind: 'use', account: accounts[0], apps: appsOf(accounts[0]) };
  return { kind: 'ask', accounts };
}

export interface PinSource<A extends AppLike> {
  readonly account: string;
  readonly label: string;
  readonly apps: readonly A[];
}

export type PinResult<A> =
  | { kind: 'found'; account: string; app: A }
  | { kind: 'unknown' }
  /** The app id alone is listed by several accounts: their labels. */
  | { kind: 'ambiguous'; labels: string[] };

/** Splits buildService.appId into an account label (case-blind) and an app id: `label/id`, or `id` alone. */
export function parsePin(pin: string): { label?: string; appId: string } {
  const slash = pin.lastIndexOf('/');
  if (slash <= 0) return { appId: pin };
  return { label: pin.slice(0, slash).trim(), appId: pin.slice(slash + 1).trim() };
}

/** The app buildService.appId pins: `account label/app id`, or an app id that only one account lists. */
export function resolvePin<A extends AppLike>(pin: string, sources: readonly PinSource<A>[]): PinResult<A> {
  const { label, appId } = parsePin(pin);
  const sameId = (app: A) => app.id === appId || app.id.toLowerCase() === appId.toLowerCase();
  const named = label === undefined ? sources : sources.filter((s) => s.label.toLowerCase() === label.toLowerCase());
  const found = named.flatMap((s) => s.apps.filter(sameId).map((app) => ({ account: s.account, label: s.label, app })));
  const accounts = [...new Set(found.map((f) => f.account))];
  if (accounts.length === 0) return { kind: 'unknown' };
  if (accounts.length > 1) return { kind: 'ambiguous', labels: [...new Set(found.map((f) => f.label))] };
  return { kind: 'found', account: found[0].account, app: found[0].app };
}
