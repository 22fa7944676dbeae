// Seeded commit details: Unicode authors, one-line and multi-line messages, links to the commit page.
import type { Build } from './contract';
import { digestOf, pick } from './ids';
import { webUrlOfRepo } from './data';

const AUTHORS = ['David Pie', 'Zoë Ångström', '山田 太郎', 'محمد الأحمد', 'נועה כהן', "Chris O'Brien"];

const MESSAGES = [
  'Add new crash type',
  'Fix tile merge when the board is full\n\nMerging two 1024 tiles overflowed the score counter.\nAdds a regression test.',
  'Bump version to 2.1.0',
  'Localise the settings screen (日本語, العربية, עברית)',
  'Merge pull request #42 from myorg/feature/find&replace\n\nFind & replace in notes',
  'Update dependencies',
  'Speed up launch by deferring analytics',
  'Revert "Speed up launch by deferring analytics"\n\nThis reverts commit 1a2b3c4d.',
  '🐛 Fix crash when the emoji keyboard is open',
];

export function commitInfoFor(label: string, repoUrl: string, branch: string, tags: string[] = []): Build['commit_info'] {
  const sha = digestOf(`commit:${label}`);
  return {
    tags,
    branch,
    commit_sha: sha,
    author: AUTHORS[pick(`author:${label}`, AUTHORS.length)],
    message: MESSAGES[pick(`message:${label}`, MESSAGES.length)],
    html_url: `${webUrlOfRepo(repoUrl)}/commit/${sha}`,
  };
}
