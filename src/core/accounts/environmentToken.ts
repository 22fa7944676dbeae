// Which account may use the token in the environment (BUILD_SERVICE_TOKEN), without vscode:
// services/accounts/environmentTokens.ts reads the environment and asks the question.
import { createHash } from 'node:crypto';
import { accountIdOf } from './accounts';

/** Names the one address BUILD_SERVICE_TOKEN is for. */
export const URL_ENV_VAR = 'BUILD_SERVICE_URL';

/** The user's answer for one address, remembered. */
export type EnvironmentChoice = 'allow' | 'deny';

/** An answer holds for the token it was given about, known by its fingerprint: another token is asked about again. */
export interface EnvironmentConsent {
  readonly choice: EnvironmentChoice;
  readonly fingerprint: string;
}

/** 'ask': the token may go there once the user agrees. */
export type EnvironmentTokenUse = 'use' | 'ask' | 'none';

export interface EnvironmentValues {
  readonly token: string | undefined;
  readonly url: string | undefined;
}

/** A short SHA-256 of the token: tells two tokens apart without keeping either. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** A stored answer as it may be read back (an older version kept a bare choice: no answer for any token). */
export function consentOf(stored: unknown): EnvironmentConsent | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const { choice, fingerprint } = stored as Partial<EnvironmentConsent>;
  if ((choice !== 'allow' && choice !== 'deny') || typeof fingerprint !== 'string') return undefined;
  return { choice, fingerprint };
}

/** The address BUILD_SERVICE_URL names, as an account id; undefined when it is unset or not an address. */
export function namedAddress(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    return accountIdOf(url);
  } catch {
    return undefined;
  }
}

/** BUILD_SERVICE_URL is set but names no address: the token is then sent nowhere. */
export function malformedUrl(env: EnvironmentValues): boolean {
  return !!env.url?.trim() && namedAddress(env.url) === undefined;
}

/**
 * The token goes only to the address BUILD_SERVICE_URL names (nowhere when that is not an address);
 * without one, only to the account of buildService.baseUrl (where it went before accounts), and there
 * only once the user agreed for that address and that token.
 */
export function environmentTokenUse(
  account: { readonly id: string; readonly fromSettings: boolean },
  env: EnvironmentValues,
  consent: EnvironmentConsent | undefined,
): EnvironmentTokenUse {
  if (!env.token || account.id === '' || malformedUrl(env)) return 'none';
  const named = namedAddress(env.url);
  if (named !== undefined) return named === account.id ? 'use' : 'none';
  if (!account.fromSettings) return 'none';
  const choice = consent?.fingerprint === tokenFingerprint(env.token) ? consent.choice : undefined;
  if (choice === 'deny') return 'none';
  return choice === 'allow' ? 'use' : 'ask';
}
