import vscode = require('vscode');
import { SETTINGS_SECTION } from '../../ids';
import { checkBaseBranch, checkFlakyBuilds, FLAKY_BUILDS_DEFAULT } from '../../core/testing/comparisonSettings';

/**
 * buildService.baseBranch for a repository: the user's own value wins over a workspace's (a team may
 * commit one that does not fit everyone's checkout); '' when none is set or it is not a branch name.
 */
export function baseBranchSetting(resource?: vscode.Uri): string {
  const inspected = vscode.workspace.getConfiguration(SETTINGS_SECTION, resource).inspect<unknown>('baseBranch');
  for (const value of [inspected?.globalValue, inspected?.workspaceFolderValue, inspected?.workspaceValue]) {
    const checked = checkBaseBranch(value);
    if (checked) return checked;
  }
  return '';
}

/** buildService.flakyTestBuilds: how many finished builds of a branch the flaky tests are counted over. */
export function flakyBuildsSetting(): number {
  return checkFlakyBuilds(vscode.workspace.getConfiguration(SETTINGS_SECTION).get<unknown>('flakyTestBuilds')) ?? FLAKY_BUILDS_DEFAULT;
}
