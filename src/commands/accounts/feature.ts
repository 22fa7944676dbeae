import vscode = require('vscode');
import { AUTH_PROVIDER_ID } from '../../ids';
import type { Accounts } from '../../services/accounts/accounts';
import type { UnencryptedConsent } from '../../services/accounts/unencryptedConsent';
import type { RepoMap } from '../../services/branch/repoMap';
import type { ArtifactSizes } from '../../services/sizes/artifactSizes';
import type { Log } from '../../services/log';
import type { SettingsService } from '../../services/settings';
import type { AppsView } from '../../views/apps/appsView';
import type { Registrar } from '../register';
import { AccountCommands } from './accountCommands';
import { NetworkCommands } from './networkCommands';
import { TokenCommands } from './tokenCommands';

export interface AccountsFeatureDeps {
  accounts: Accounts;
  settings: SettingsService;
  consent: UnencryptedConsent;
  globalState: vscode.Memento;
  repoMap: RepoMap;
  /** Forgets an account's kept sizes at Sign Out, as the repository map forgets its repositories. */
  sizes: ArtifactSizes;
  apps: AppsView;
  log: Log;
}

/** Accounts, tokens and the network's choices; the Accounts menu's provider is what it hands back. */
export function accountsFeature(deps: AccountsFeatureDeps, registrar: Registrar): AccountCommands {
  const { accounts, settings, consent, globalState, repoMap, sizes, apps, log } = deps;
  const accountCommands = registrar.own(new AccountCommands({ accounts, settings, globalState, traces: [repoMap, sizes], log }));
  registrar.own(
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Build Service', accountCommands, {
      supportsMultipleAccounts: true,
    }),
  );
  registrar.commands({
    ...accountCommands.table(),
    ...new TokenCommands(accounts, apps, log).table(),
    ...new NetworkCommands(settings, consent).table(),
  });
  return accountCommands;
}
