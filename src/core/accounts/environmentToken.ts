// Which account may use the token in the environment (BUILD_SERVICE_TOKEN), without vscode:
// services/accounts/environmentTokens.ts reads the environment and asks the question.
import { accountIdOf } from './accounts';

/** Names the one address BUILD_SERVICE_TOKEN is for. */
export const URL_ENV_VAR = 'BUILD_SERVICE_URL';

/** The user's answer for one address, remembered. */
export type EnvironmentChoice = 'allow' | 'deny';

/** 'ask': the token may go there once the user agrees. */
export type EnvironmentTokenUse = 'use' | 'ask' | 'none';

export interface EnvironmentValues {
  readonly token: string | undefined;
  readonly url: string | undefined;
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

/**
 * The token goes only to the address BUILD_SERVICE_URL names; without one, only to the account of
 * buildService.baseUrl (where it went before accounts), and there only once the user agreed for that address.
 */
export function environmentTokenUse(
  account: { readonly id: string; readonly fromSettings: boolean },
  env: EnvironmentValues,
  choice: EnvironmentChoice | undefined,
): EnvironmentTokenUse {
  if (!env.token || account.id === '') return 'none';
  const named = namedAddress(env.url);
  if (named !== undefined) return named === account.id ? 'use' : 'none';
  if (!account.fromSettings || choice === 'deny') return 'none';
  return choice === 'allow' ? 'use' : 'ask';
}
