import { hostOf } from '../../core/accounts/accounts';
import { Setting } from '../../ids';
import type { Settings, SettingsService } from '../settings';
import type { Account } from './account';
import type { StoredAccounts } from './storedAccounts';

export interface AccountListDeps {
  settings: SettingsService;
  stored: StoredAccounts;
  /** A new account, with the token store of its address. */
  make(fromSettings: boolean, id: string, label: string, invalid?: string): Account;
}

/** The accounts as the settings and the Accounts menu's list say now: buildService.baseUrl's first. */
export class AccountList {
  private builtFor: string | undefined;

  constructor(private readonly deps: AccountListDeps) {}

  /** False when buildService.baseUrl names another account than at the last build. */
  isBuiltFor(s: Settings): boolean {
    return settingsKeyOf(s) === this.builtFor;
  }

  /** Keeps the accounts of `previous` that are still there (their clients and apps), disposes the rest. */
  build(previous: readonly Account[]): Account[] {
    const s = this.deps.settings.value;
    this.builtFor = settingsKeyOf(s);
    const stored = this.deps.stored.list();
    const before = new Map(previous.map((a) => [`${a.fromSettings}|${a.id}`, a]));
    const keep = (fromSettings: boolean, id: string, label: string, invalid?: string): Account => {
      // An invalid address is made anew: its problem may be another one.
      const kept = id === '' ? undefined : before.get(`${fromSettings}|${id}`);
      before.delete(`${fromSettings}|${id}`);
      if (!kept) return this.deps.make(fromSettings, id, label, invalid);
      kept.label = label;
      return kept;
    };
    const accounts: Account[] = [];
    if (s.baseUrlSet) {
      const problem = s.problems.find((p) => p.setting === Setting.baseUrl)?.problem;
      const id = s.baseUrl;
      const label = stored.find((a) => a.baseUrl === id)?.label ?? hostOf(id);
      accounts.push(keep(true, id, label, id === '' ? (problem ?? '') : undefined));
    }
    for (const { baseUrl, label } of stored) {
      if (accounts.some((a) => a.id === baseUrl)) continue;
      accounts.push(keep(false, baseUrl, label));
    }
    // Gone: their client closes (requests under way are cancelled), their apps are forgotten.
    for (const gone of before.values()) gone.dispose();
    return accounts;
  }
}

/** What of the settings decides buildService.baseUrl's account: a change means another account. */
function settingsKeyOf(s: Pick<Settings, 'baseUrl' | 'baseUrlSet' | 'problems'>): string {
  return `${s.baseUrl}|${s.baseUrlSet}|${s.problems.find((p) => p.setting === Setting.baseUrl)?.problem ?? ''}`;
}
