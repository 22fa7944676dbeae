// The rules of accounts that need no VS Code: their keys, labels, the stored list and which one a
// workspace chose. services/accounts/ keeps the accounts themselves.
import * as l10n from '@vscode/l10n';
import { parseBaseUrl } from '../../api/client/baseUrl';

/** What globalState keeps per account: nothing secret (the token is in SecretStorage under secretKeyOf). */
export interface StoredAccount {
  readonly baseUrl: string;
  readonly label: string;
}

export const LABEL_MAX = 60;

/** Where development builds before accounts kept their one token, bound to no address: it moves to the account of buildService.baseUrl. */
export const LEGACY_TOKEN_KEY = 'buildService.accessToken';
const SECRET_PREFIX = `${LEGACY_TOKEN_KEY}@`;

/** Stable across windows and restarts: the address as requests go to it. Throws on an invalid address. */
export function accountIdOf(baseUrl: string): string {
  return parseBaseUrl(baseUrl);
}

export function secretKeyOf(accountId: string): string {
  return `${SECRET_PREFIX}${accountId}`;
}

export function isAccountSecretKey(key: string): boolean {
  return key.startsWith(SECRET_PREFIX);
}

/** Every secret an account may have: its own key and, for the account of buildService.baseUrl, the address-less key not yet moved. */
export function secretKeysOf(accountId: string, fromSettings: boolean): string[] {
  return fromSettings ? [secretKeyOf(accountId), LEGACY_TOKEN_KEY] : [secretKeyOf(accountId)];
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The list as stored, checked: an entry that is not an address and a label, or repeats one, is dropped. */
export function readStoredAccounts(raw: unknown): StoredAccount[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const accounts: StoredAccount[] = [];
  for (const entry of raw as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { baseUrl, label } = entry as Record<string, unknown>;
    if (typeof baseUrl !== 'string' || typeof label !== 'string' || label.trim() === '') continue;
    let id: string;
    try {
      id = accountIdOf(baseUrl);
    } catch {
      continue;
    }
    if (seen.has(id)) continue;
    seen.add(id);
    accounts.push({ baseUrl: id, label: label.trim().slice(0, LABEL_MAX) });
  }
  return accounts;
}

/** Labels tell accounts apart in the views, the log and the chat tools' `account` input: unique, case-blind. */
export function labelProblem(raw: string, taken: readonly string[]): string | undefined {
  const label = raw.trim();
  if (label === '') return l10n.t('Give the account a name, e.g. the host or "staging".');
  if (label.length > LABEL_MAX) return l10n.t('Keep the name under {0} characters.', LABEL_MAX);
  if (taken.some((t) => t.toLowerCase() === label.toLowerCase())) return l10n.t('Another account is called {0}.', label);
  return undefined;
}

/** The host, or the host with a number when another account has that label already. */
export function suggestLabel(baseUrl: string, taken: readonly string[]): string {
  const host = hostOf(baseUrl);
  let label = host;
  for (let n = 2; labelProblem(label, taken); n++) label = `${host} (${n})`;
  return label;
}

export function findByLabel<T extends { readonly label: string }>(accounts: readonly T[], label: string): T | undefined {
  const wanted = label.trim().toLowerCase();
  return accounts.find((a) => a.label.toLowerCase() === wanted);
}

/**
 * The account a window acts for when nothing names one: the one the workspace's buildService.account
 * names, else the first. A label that names none changes nothing (`unknown` says so).
 */
export function chooseAccount<T extends { readonly label: string }>(
  accounts: readonly T[],
  wanted: string,
): { account: T | undefined; unknown: boolean } {
  if (wanted.trim() === '') return { account: accounts[0], unknown: false };
  const named = findByLabel(accounts, wanted);
  return named ? { account: named, unknown: false } : { account: accounts[0], unknown: true };
}
