import * as l10n from '@vscode/l10n';
import type { Build, BuildLink, Coverage, TestResults } from '../../api';
import { CommandId } from '../../ids';
import { commitAccessibleLabel, failedTestAccessibleLabel, pullRequestAccessibleLabel } from './accessibleLabels';
import { firstLine, pullRequestLines, shortSha } from './buildLook';
import { shownText } from '../text/serviceText';
import { duration, exactTime, percent, relativeTime } from '../text/time';
import { sizeText, type ArtifactSize } from '../artifacts/artifactSizes';

export interface DetailRow {
  label: string;
  description?: string;
  /** Plain text only: details come from the service and must not be rendered as markup. */
  tooltip?: string;
  icon?: string;
  command?: { title: string; command: string; arguments?: unknown[] };
  contextValue?: string;
  installUrl?: string;
  /** On a download link's row: the link, for Download Artifact…. */
  link?: BuildLink;
  children?: DetailRow[];
  /** What a screen reader says, when label and description would say an id or a hash. */
  accessibleLabel?: string;
}

/** `tests`, `coverage` and `sizes` are absent for unfinished builds (nothing to ask yet). */
export function detailRows(
  build: Build,
  extra: { tests?: TestResults; coverage?: Coverage; sizes?: readonly ArtifactSize[] },
  now: number,
): DetailRow[] {
  return [
    commitRow(build),
    ...pullRequestRows(build),
    ...timeRows(build, now),
    testsRow(build, extra.tests),
    ...coverageRows(build, extra.coverage),
    ...linkRows(build, extra.sizes),
  ];
}

/** The commit's tooltip is where its whole message is read, so it may run longer than a label. */
const COMMIT_MESSAGE_MAX = 500;

function commitRow({ commit }: Build): DetailRow {
  const sha = shortSha(commit.sha) || l10n.t('unknown');
  return {
    label: l10n.t('Commit {0}', sha),
    description: [shownText(commit.author ?? ''), firstLine(commit.message)].filter(Boolean).join(' · '),
    // One line each: a line break in an author or a message must not look like a line of ours.
    tooltip: [
      shownText(commit.sha ?? ''),
      shownText(commit.author ?? ''),
      shownText(commit.message ?? '', COMMIT_MESSAGE_MAX),
      commit.url ? l10n.t('Click to open the commit.') : '',
    ]
      .filter(Boolean)
      .join('\n'),
    icon: 'git-commit',
    // The command checks the address again: it comes from the service.
    command: commit.url ? { title: l10n.t('Open Commit'), command: CommandId.openBuildLink, arguments: [commit.url] } : undefined,
    accessibleLabel: commitAccessibleLabel(commit.author, firstLine(commit.message)),
  };
}

function pullRequestRows({ pullRequestDestination: destination }: Build): DetailRow[] {
  if (!destination) return [];
  const [headline, ...rest] = pullRequestLines(destination);
  return [
    {
      label: headline ?? l10n.t('Pull request'),
      description: destination.mergeStatus ? l10n.t('merge status: {0}', shownText(destination.mergeStatus)) : undefined,
      tooltip: [
        ...rest,
        shownText(destination.author ?? ''),
        shownText(destination.message ?? '', COMMIT_MESSAGE_MAX),
        destination.url ? l10n.t('Click to open the destination commit.') : '',
      ]
        .filter(Boolean)
        .join('\n'),
      icon: 'git-pull-request',
      command: destination.url
        ? { title: l10n.t('Open Commit'), command: CommandId.openBuildLink, arguments: [destination.url] }
        : undefined,
      accessibleLabel: pullRequestAccessibleLabel(destination),
    },
  ];
}

function timeRows(build: Build, now: number): DetailRow[] {
  const at = (label: string, iso: string | undefined): DetailRow[] =>
    iso ? [{ label, description: relativeTime(iso, now), tooltip: exactTime(iso), icon: 'calendar' }] : [];
  const took = duration(build.startedAt, build.finishedAt);
  return [
    ...at(l10n.t('Started'), build.startedAt),
    ...at(l10n.t('Finished'), build.finishedAt),
    ...(took ? [{ label: l10n.t('Duration'), description: took, icon: 'watch' }] : []),
  ];
}

function testsRow(build: Build, results: TestResults | undefined): DetailRow {
  const { testsCount, testsPassed } = build.testSummary;
  const summary = testsCount !== undefined ? l10n.t('{0} of {1} passed', testsPassed ?? 0, testsCount) : l10n.t('no test summary');
  if (!build.finished) return { label: l10n.t('Tests'), description: l10n.t('when the build has finished'), icon: 'beaker' };
  const failed = (results?.tests ?? []).filter((t) => t.status === 'failed');
  const children = failed.map((t) => ({
    label: shownText(t.name),
    description: [t.suite, t.target, t.run]
      .filter(Boolean)
      .map((part) => shownText(part ?? ''))
      .join(' · '),
    tooltip: [
      shownText(t.name),
      t.suite && l10n.t('Suite: {0}', shownText(t.suite)),
      t.target && l10n.t('Target: {0}', shownText(t.target)),
      t.run && l10n.t('Run: {0}', shownText(t.run)),
    ]
      .filter(Boolean)
      .join('\n'),
    icon: 'error',
    accessibleLabel: failedTestAccessibleLabel(
      t.name,
      [t.suite, t.target, t.run]
        .filter(Boolean)
        .map((part) => shownText(part ?? ''))
        .join(', '),
    ),
  }));
  const label = failed.length > 0 ? l10n.t('Tests: {0} failed', failed.length) : l10n.t('Tests');
  return { label, description: summary, icon: failed.length > 0 ? 'error' : 'beaker', children };
}

function coverageRows(build: Build, coverage: Coverage | undefined): DetailRow[] {
  const overall = coverage?.coverage ?? build.testSummary.coverage;
  if (overall === undefined && !coverage?.targets.length) return [];
  const children = (coverage?.targets ?? []).map((t) => ({
    label: shownText(t.name),
    description: percent(t.coverage) || l10n.t('unknown'),
    icon: 'package',
  }));
  return [{ label: l10n.t('Coverage'), description: percent(overall) || l10n.t('unknown'), icon: 'shield', children }];
}

function linkRows({ links }: Build, sizes: readonly ArtifactSize[] = []): DetailRow[] {
  const row =
    (kind: string, icon: string) =>
    (link: BuildLink): DetailRow => ({
      label: `${kind}: ${shownText(link.name) || l10n.t('unnamed')}`,
      tooltip: shownText(link.url),
      icon,
      command: { title: kind, command: CommandId.openBuildLink, arguments: [link.url] },
    });
  const install = (link: BuildLink): DetailRow => ({
    ...row(l10n.t('Install'), 'device-mobile')(link),
    contextValue: 'installLink',
    installUrl: link.url,
  });
  const download = (link: BuildLink): DetailRow => {
    // Asked: its size, or "unknown"; past the artifacts asked, nothing.
    const sized = sizes.find((s) => s.link.url === link.url);
    return {
      ...row(l10n.t('Download'), 'cloud-download')(link),
      ...(sized && { description: sizeText(sized.size) }),
      contextValue: 'downloadLink',
      link,
    };
  };
  return [...links.install.map(install), ...links.download.map(download)];
}
