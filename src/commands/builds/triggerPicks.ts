import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import type { App, BuildServiceClient } from '../../api';
import type { BranchState, GitSnapshot } from '../../core/branch/branchState';
import { iconSafeText, shownText } from '../../core/text/serviceText';
import { sortByName } from '../../core/apps/sortApps';
import type { Log } from '../../services/log';
import type { Session } from '../../services/accounts/session';
import { uniqueById } from '../../services/uniqueLists';

interface AppItem extends vscode.QuickPickItem {
  app?: App;
}

interface BranchItem extends vscode.QuickPickItem {
  branch: string;
}

// Quick-pick labels and descriptions draw `$(name)` as an icon (iconSafeText); titles are plain text (shownText).

/** The apps that build this repository come first; with exactly one of them there is nothing to ask. */
export async function pickApp(session: Session, client: BuildServiceClient, branchState: BranchState): Promise<App | undefined> {
  const matched = branchState.kind === 'builds' ? branchState.entries.map((e) => e.app) : [];
  if (matched.length === 1) return matched[0];
  const items = session.apps(client).then((apps): AppItem[] => {
    const mine = new Set(matched.map((a) => a.id));
    const item = (app: App): AppItem => ({ label: iconSafeText(app.name || app.id), description: iconSafeText(app.platform), app });
    const first = sortByName(apps.filter((a) => mine.has(a.id))).map((a) => ({
      ...item(a),
      // The service may name no platform (API.md 2b).
      description: a.platform ? l10n.t('{0} · builds this repository', iconSafeText(a.platform)) : l10n.t('builds this repository'),
    }));
    const rest = sortByName(apps.filter((a) => !mine.has(a.id))).map(item);
    const separator: AppItem = { label: l10n.t('Other apps'), kind: vscode.QuickPickItemKind.Separator };
    return first.length && rest.length ? [...first, separator, ...rest] : [...first, ...rest];
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: l10n.t('Trigger Build: App'),
    placeHolder: l10n.t('The app to build'),
    matchOnDescription: true,
  });
  return picked?.app;
}

/** The app's branches, the workspace's current branch first (offered even if the service has not seen it yet). */
export async function pickBranch(client: BuildServiceClient, app: App, snapshot: GitSnapshot, log: Log): Promise<string | undefined> {
  const current = snapshot.kind === 'repository' ? snapshot.branch : undefined;
  const items = client.listBranches(app.id).then((listed): BranchItem[] => {
    const branches = uniqueById(log, `the branches of app ${app.id}`, listed, (b) => b.name);
    const names = branches.filter((b) => !b.deleted).map((b) => b.name);
    const rest = names.filter((n) => n !== current).map((branch): BranchItem => ({ label: iconSafeText(branch), branch }));
    if (current === undefined) return rest;
    const known = names.includes(current);
    const first: BranchItem = {
      label: iconSafeText(current),
      branch: current,
      description: known ? l10n.t('current branch') : l10n.t('current branch · no builds yet'),
    };
    return [first, ...rest];
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: l10n.t('Trigger Build: Branch of {0}', shownText(app.name || app.id)),
    placeHolder: l10n.t('The branch to build'),
  });
  return picked?.branch;
}
