// The README's commands and settings tables and docs/DEVELOPMENT.md's scripts table are written by
// hand, so this keeps them honest: every command title, setting (with its default) and npm script in
// package.json is in them, and nothing else.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../../..');
const readJson = (name: string) => JSON.parse(readFileSync(path.join(projectRoot, name), 'utf8'));

/** package.json may say `%key%` and keep the English text in package.nls.json. */
function localized(text: string): string {
  const match = /^%(.+)%$/.exec(text);
  if (!match) return text;
  const nlsFile = path.join(projectRoot, 'package.nls.json');
  const nls = existsSync(nlsFile) ? readJson('package.nls.json') : {};
  const value = nls[match[1] ?? ''];
  return typeof value === 'string' ? value : (value?.message ?? text);
}

/** The rows (cells, trimmed) of the Markdown table whose header's first cell starts with `firstHeader`. */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((l) => l.startsWith(`| ${firstHeader}`));
  assert.ok(header >= 0, `there is a table headed "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** How the table writes a default: `(empty)` for an empty string, else the JSON value as text. */
function shownDefault(value: unknown): string {
  return value === '' ? '(empty)' : String(value);
}

describe('README tables match package.json', () => {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const contributes = readJson('package.json').contributes;

  it('the commands table names every command title, and no other', () => {
    const titles = new Set<string>(contributes.commands.map((c: { title: string }) => localized(c.title)));
    const inTable = tableRows(readme, 'Command').flatMap(([first]) => (first ?? '').split(', '));
    assert.deepEqual(
      [...titles].filter((t) => !inTable.includes(t)),
      [],
      'commands missing from the README',
    );
    assert.deepEqual(
      inTable.filter((t) => !titles.has(t)),
      [],
      'README rows naming no command',
    );
    assert.equal(new Set(inTable).size, inTable.length, 'a command is listed twice');
  });

  it('the settings table lists every setting with its default, and no other', () => {
    const properties: Record<string, { default?: unknown }> = contributes.configuration.properties;
    const expected = Object.entries(properties)
      .map(([name, p]) => [name, shownDefault(p.default)])
      .sort();
    const inTable = tableRows(readme, 'Setting')
      .map(([name, value]) => [(name ?? '').replace(/`/g, ''), value ?? ''])
      .sort();
    assert.deepEqual(inTable, expected);
  });
});

describe('docs/DEVELOPMENT.md scripts table matches package.json', () => {
  it('names every npm script, and no other', () => {
    const development = readFileSync(path.join(projectRoot, 'docs', 'DEVELOPMENT.md'), 'utf8');
    const scripts = Object.keys(readJson('package.json').scripts).sort();
    // `npm run build` → build; `npm test` and `npm start` are npm's own short forms.
    const inTable = tableRows(development, 'Script')
      .map(([first]) => (first ?? '').replace(/`/g, '').replace(/^npm (run )?/, ''))
      .sort();
    assert.deepEqual(inTable, scripts);
  });
});
