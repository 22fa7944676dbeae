// The README's commands and settings tables are written from package.json by `npm run readme:tables`
// (.ci/readmeTables.cjs); docs/DEVELOPMENT.md's scripts table is written by hand. This keeps them
// honest: the README holds what the script writes now, every command title, setting (with its
// default) and npm script in package.json is in them, and nothing else.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

interface TableScript {
  tables(this: void, manifest: unknown, nls: unknown): { commands: string; settings: string };
  withTables(this: void, readme: string, tables: { commands: string; settings: string }): string;
  projectTables(this: void): { commands: string; settings: string };
}

/** How the table writes a default: `(empty)` for an empty string, else the JSON value as text. */
function shownDefault(value: unknown): string {
  return value === '' ? '(empty)' : String(value);
}

describe('README tables match package.json', () => {
  const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
  const contributes = readJson('package.json').contributes;

  const script = createRequire(__filename)(path.join(projectRoot, '.ci', 'readmeTables.cjs')) as TableScript;

  it('the tables are what `npm run readme:tables` writes from package.json now', () => {
    assert.equal(script.withTables(readme, script.projectTables()), readme, 'README.md differs: run npm run readme:tables');
  });

  it('a menu the script has no words for stops it, rather than leaving a command out of the table', () => {
    const manifest = readJson('package.json');
    manifest.contributes.menus['view/item/context'].push({
      command: manifest.contributes.commands[0].command,
      when: 'view == buildService.apps && viewItem == somethingNew',
    });
    assert.throws(() => script.tables(manifest, readJson('package.nls.json')), /no words for the menu clause/);
  });

  it('the commands table names every command title once for each command, and no other', () => {
    const titles: string[] = contributes.commands.map((c: { title: string }) => localized(c.title)).sort();
    // Two commands may share a title (Open in Dashboard: an app's, a build's), in their own rows.
    const inTable = tableRows(readme, 'Command')
      .flatMap(([first]) => (first ?? '').split(', '))
      .sort();
    assert.deepEqual(inTable, titles);
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
