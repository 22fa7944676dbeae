import * as l10n from '@vscode/l10n';
import vscode = require('vscode');
import { MAX_COMMITS, type CommitRow } from '../../core/branch/commitsBetween';
import { buildLabel, shortSha } from '../../core/builds/buildLook';
import { testName } from '../../core/testing/comparisonText';
import { leavesOf, testTree } from '../../core/testing/testTree';
import { iconSafeText, noticeText, shownText } from '../../core/text/serviceText';
import { commitsBetween, EMPTY_TREE, type CommitsBetween } from '../../services/branch/commitsBetween';
import type { GitWorkspace } from '../../services/branch/gitWorkspace';
import type { Repository } from '../../services/branch/gitTypes';
import { notify } from '../../services/notify';
import type { FailureNotes } from '../../views/testing/failureNotes';
import type { BuildTests } from '../../views/testing/buildTests';
import type { CommandGroup } from '../register';

export const SHOW_COMMITS_BETWEEN = 'buildService.showCommitsBetween';
/** The Git extension's Status values for a file added and a file deleted by a commit. */
const ADDED = 1;
const DELETED = 6;

export interface CommitsCommandsDeps {
  git: GitWorkspace;
  tests: BuildTests;
  notes: FailureNotes;
}

interface CommitPick extends vscode.QuickPickItem {
  readonly commit?: CommitRow;
  readonly fetch?: true;
}

/** Commits Between: on a failed test in the Testing view, the commits between the build where it last passed and the first where it failed. */
export class CommitsCommands {
  constructor(private readonly deps: CommitsCommandsDeps) {}

  table(): CommandGroup<typeof SHOW_COMMITS_BETWEEN> {
    return { [SHOW_COMMITS_BETWEEN]: (item) => this.show(item as vscode.TestItem | undefined) };
  }

  private async show(item: vscode.TestItem | undefined): Promise<void> {
    const shown = this.deps.tests.view?.shown;
    const leaf = shown && item && leavesOf(testTree(shown.results)).find((l) => l.id === item.id);
    if (!shown || !leaf) return void notify('info', noticeText(l10n.t('Pick a failed test of a build in the Testing view.')));
    const noted = this.deps.notes.last;
    const found = noted?.buildId === shown.build.id ? noted.firstFailed?.(leaf.result) : undefined;
    if (!found || (found.found.kind !== 'found' && found.found.kind !== 'between'))
      return void notify('info', noticeText(l10n.t('No build is known where {0} passed before it failed.', testName(leaf.result))));
    const { passed, failed } = found.found;
    const title = l10n.t(
      '{0}: passed in {1}, failed in {2}',
      testName(leaf.result),
      `${shownText(found.branch)} ${buildLabel(passed)}`,
      buildLabel(failed),
    );
    const repoUrl = failed.repoUrl ?? shown.build.repoUrl;
    const list = () => commitsBetween(this.deps.git, repoUrl, passed.commit.sha, failed.commit.sha, item.uri);
    await this.pick(title, list);
  }

  private async pick(title: string, list: () => Promise<CommitsBetween>): Promise<void> {
    const quickPick = vscode.window.createQuickPick<CommitPick>();
    quickPick.title = title;
    quickPick.matchOnDescription = true;
    quickPick.busy = true;
    quickPick.show();
    let listed = await list();
    const draw = () => {
      quickPick.items = itemsOf(listed);
      quickPick.busy = false;
    };
    draw();
    await new Promise<void>((resolve) => {
      quickPick.onDidHide(() => resolve());
      quickPick.onDidAccept(async () => {
        const [picked] = quickPick.selectedItems;
        if (picked?.fetch && listed.kind === 'missing') {
          quickPick.busy = true;
          await listed.repository.fetch().catch(() => undefined);
          listed = await list();
          draw();
        } else if (picked?.commit && listed.kind === 'listed') {
          quickPick.hide();
          await openChanges(this.deps.git, listed.repository, picked.commit);
        }
      });
    });
    quickPick.dispose();
  }
}

function itemsOf(listed: CommitsBetween): CommitPick[] {
  if (listed.kind === 'no-repository') return [{ label: l10n.t('No repository of this workspace builds this app.') }];
  if (listed.kind === 'no-commit') return [{ label: l10n.t('The build service did not name the commits of these builds.') }];
  if (listed.kind === 'unreadable')
    return [{ label: l10n.t('Git could not list the commits between these builds: the local repository may be damaged.') }];
  if (listed.kind === 'missing')
    return [
      {
        label: `$(repo-fetch) ${l10n.t('Fetch')}`,
        description: l10n.t('The local repository does not have {0}', listed.missing.map(shortSha).join(', ')),
        fetch: true,
      },
    ];
  if (listed.rows.length === 0) return [{ label: l10n.t('No commits between these builds.') }];
  // Said plainly when the list is not the whole range: it was cut, or the passing commit is not on this line.
  const said: CommitPick[] =
    listed.end === 'cut'
      ? [{ label: l10n.t('Only the latest {0} commits were looked at: the range between these builds is longer.', MAX_COMMITS) }]
      : listed.end === 'root'
        ? [
            {
              label: l10n.t(
                "The passing build's commit is not on the failing commit's first-parent line: all commits before it are listed.",
              ),
            },
          ]
        : [];
  const rows = listed.rows.map((commit): CommitPick => ({
    label: iconSafeText(commit.subject) || shortSha(commit.hash),
    description: [iconSafeText(commit.author), commit.date?.toLocaleString(), shortSha(commit.hash)].filter(Boolean).join(' · '),
    detail: commit.touched ? `$(file-code) ${l10n.t("changed the failing test's file")}` : undefined,
    commit,
  }));
  return [...said, ...rows];
}

/** The commit's changes in VS Code's changes editor, each file against the commit's first parent. */
async function openChanges(git: GitWorkspace, repository: Repository, row: CommitRow): Promise<void> {
  const api = git.gitApi;
  if (!api) return;
  const parent = (await repository.getCommit(row.hash)).parents[0] ?? EMPTY_TREE;
  const changes = await repository.diffBetween(parent, row.hash);
  // An added file has no side before, a deleted one none after.
  const resources = changes.map((c) => [
    c.uri,
    c.status === ADDED ? undefined : api.toGitUri(c.originalUri, parent),
    c.status === DELETED ? undefined : api.toGitUri(c.uri, row.hash),
  ]);
  await vscode.commands.executeCommand('vscode.changes', `${shortSha(row.hash)} ${row.subject}`, resources);
}
