// Issue 47's hostile inputs as the trial (`npm run bench:trial`) takes them in: each names the host
// suite and test that seeds it and asserts what the user sees. Apart from the entry so that the bench's
// runner, outside VS Code, can read the list too.
export interface Input {
  /** The input as issue 47's Done-when names it. */
  input: string;
  /** The suite file under suite/, without .test.js. */
  file: string;
  /** The test's title (a part of it that names one test). */
  title: string;
}

export const INPUTS: readonly Input[] = [
  { input: 'a 100 KiB test name', file: 'hostile.sizes', title: 'a test name of 102,400' },
  {
    input: 'a committed link to /dev/zero, one leaving the workspace',
    file: 'editor.hostileWorkspace',
    title: 'Current Branch counts only merge()',
  },
  {
    input: '(the same) Show Changed Functions No Test Ran',
    file: 'editor.hostileWorkspace',
    title: 'Show Changed Functions No Test Ran lists',
  },
  { input: 'a 32 MiB test list', file: 'hostile.sizes', title: 'a 32 MiB answer of tests' },
  { input: '20,000 changed functions', file: 'hostile.manyFunctions', title: '20,000 changed functions against' },
  { input: 'an 80,000-character artifact name', file: 'hostile.sizes', title: 'an artifact name of 80,000' },
  { input: 'a 300,000-commit range', file: 'hostile.longRange', title: 'Show Commits Between over 300,000' },
  { input: 'a hostile branch name through a chat tool', file: 'hostile.tools', title: 'a branch named with a link' },
  { input: '10,000 same-named failures, the base likewise', file: 'hostile.sameNames', title: '10,000 failed tests all named' },
  { input: '10,000 running builds for limit=10', file: 'hostile.longList', title: '10,000 running builds for limit=10' },
];
