// The German translation is complete and fits the English: every key of l10n/bundle.l10n.json (code
// strings) and package.nls.json (package.json strings) has a German text, none is left over, and the
// parts a translator must not touch (placeholders, command links, ids in backticks) are the same. And
// the committed English bundle is what the export tool makes from today's sources.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../../..');
const readText = (name: string) => readFileSync(path.join(projectRoot, name), 'utf8');
const readJson = (name: string): Record<string, unknown> => JSON.parse(readText(name)) as Record<string, unknown>;

/** A bundle or nls value: a string, or `{ message, comment }`. */
function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** Every match of `pattern` in `text`, sorted: a translation may reorder them, never change them. */
function partsOf(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[0]).sort();
}

const PLACEHOLDER = /\{\d+\}/g;
const COMMAND_LINK = /\(command:[^)\s]*\)/g;
const BACKTICKED = /`[^`]+`/g;

/**
 * Texts that read the same in German; any other German text equal to its English one is a string
 * someone forgot to translate.
 */
const SAME_IN_GERMAN: Record<string, readonly string[]> = {
  'l10n/bundle.l10n.json': [
    'Branch: {0}',
    'Repository {0}',
    'Branch {0}: {1}.',
    '{0} s',
    'Tests',
    'Commit {0}',
    'Suite: {0}',
    'Build {0} {1}',
    'PR → {0}',
    'PR',
    'Commit: {0}',
    // File sizes: the units read the same in German.
    '{0} KB',
    '{0} MB',
    '{0} GB',
    '{0} B',
    // An artifact's name and size ("app.apk 42.3 MB"), and its change after a comma.
    '{0} {1}',
    '{0} {1}, {2}',
    'Commit',
    '{0}:',
  ],
  // The product name, and the Apps view's name.
  'package.nls.json': ['displayName', 'viewsContainer.buildService.title', 'view.apps.name', 'category', 'configuration.title'],
};

function checkTranslation(englishFile: string, germanFile: string, protectedParts: readonly RegExp[]): void {
  const english = readJson(englishFile);
  const german = readJson(germanFile);
  const missing = Object.keys(english).filter((key) => !(key in german));
  const extra = Object.keys(german).filter((key) => !(key in english));
  assert.deepEqual(missing, [], `${germanFile} lacks these keys of ${englishFile}`);
  assert.deepEqual(extra, [], `${germanFile} has keys ${englishFile} no longer has`);
  const same: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    const en = messageOf(value);
    const de = messageOf(german[key]);
    assert.ok(en !== undefined, `${englishFile}: "${key}" has no text`);
    assert.ok(de !== undefined && de.trim() !== '', `${germanFile}: "${key}" has no German text`);
    for (const pattern of protectedParts) {
      assert.deepEqual(partsOf(de, pattern), partsOf(en, pattern), `${germanFile}: "${key}" changes its ${pattern.source} parts`);
    }
    if (de === en) same.push(key);
  }
  // Sorted: the bundle's order follows the source files', which any new file changes.
  assert.deepEqual(
    same.sort(),
    [...(SAME_IN_GERMAN[englishFile] ?? [])].sort(),
    `${germanFile}: texts left in English (or add them to SAME_IN_GERMAN)`,
  );
}

describe('German translation', () => {
  it('l10n/bundle.l10n.de.json translates every code string, with the same placeholders', () => {
    checkTranslation('l10n/bundle.l10n.json', 'l10n/bundle.l10n.de.json', [PLACEHOLDER]);
  });

  it('package.nls.de.json translates every package.json string, with the same placeholders, command links and ids', () => {
    checkTranslation('package.nls.json', 'package.nls.de.json', [PLACEHOLDER, COMMAND_LINK, BACKTICKED]);
  });

  it('package.json uses every key of package.nls.json, and only those', () => {
    const used = new Set([...readText('package.json').matchAll(/"%([^%"]+)%"/g)].map((m) => m[1] ?? ''));
    const defined = Object.keys(readJson('package.nls.json'));
    assert.deepEqual(
      [...used].filter((key) => !defined.includes(key)),
      [],
      'package.json names keys package.nls.json lacks',
    );
    assert.deepEqual(
      defined.filter((key) => !used.has(key)),
      [],
      'package.nls.json has keys package.json does not use',
    );
  });

  it('the committed l10n/bundle.l10n.json is what `npm run l10n` exports from src/ now', function () {
    this.timeout(60_000);
    const outDir = mkdtempSync(path.join(tmpdir(), 'build-service-l10n-'));
    try {
      // The same tool and arguments as the `l10n` script, with another output folder.
      const cli = path.join(projectRoot, 'node_modules/@vscode/l10n-dev/dist/cli.js');
      const run = spawnSync(process.execPath, [cli, 'export', '--outDir', outDir, 'src'], { cwd: projectRoot, encoding: 'utf8' });
      assert.equal(run.status, 0, `vscode-l10n-dev export failed: ${run.stderr}`);
      const exported = JSON.parse(readFileSync(path.join(outDir, 'bundle.l10n.json'), 'utf8')) as Record<string, unknown>;
      const committed = readJson('l10n/bundle.l10n.json');
      const hint = 'run `npm run l10n` and translate the new strings in l10n/bundle.l10n.de.json';
      assert.deepEqual(
        Object.keys(exported).filter((k) => !(k in committed)),
        [],
        `strings in src/ missing from the bundle: ${hint}`,
      );
      assert.deepEqual(
        Object.keys(committed).filter((k) => !(k in exported)),
        [],
        `strings in the bundle no longer in src/: ${hint}`,
      );
      assert.equal(readText('l10n/bundle.l10n.json'), readFileSync(path.join(outDir, 'bundle.l10n.json'), 'utf8'), hint);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
