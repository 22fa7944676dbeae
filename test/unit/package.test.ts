// What `npm run package` ships: the .vsix holds only what an installed extension reads. The package is
// made here by vsce's own packing step (the one `vsce package` runs after its prepublish build) from
// the working tree as it is, and then read back as the zip it is.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { listZipEntries, readZipText } from './zipFile';

const projectRoot = path.resolve(__dirname, '../../..');

interface VscePack {
  pack(
    this: void,
    options: { cwd: string; packagePath: string; dependencies: boolean; rewriteRelativeLinks: boolean },
  ): Promise<{ packagePath: string }>;
}

/**
 * `vsce package` = its prepublish script (a production build, which would replace the development
 * bundle the other suites run) + `pack`. The files chosen are the same either way, so we call `pack`
 * alone, with the options the npm script passes.
 */
async function packWorkingTree(outFile: string): Promise<string> {
  const { pack } = createRequire(__filename)('@vscode/vsce/out/package') as VscePack;
  const result = await pack({ cwd: projectRoot, packagePath: outFile, dependencies: false, rewriteRelativeLinks: false });
  return result.packagePath;
}

/** What may be in the package, as paths inside its extension/ folder. */
const allowed: RegExp[] = [
  /^package\.json$/,
  /^package\.nls(\.[\w-]+)?\.json$/,
  /^dist\/(webview\/)?[\w.-]+\.js$/, // the bundles and the webview's page script; never a .map
  /^media\/.+\.(svg|png|md)$/, // icons, screenshot, walkthrough pages
  /^l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
  /^readme\.md$/,
  /^changelog\.md$/,
  /^LICENSE\.txt$/,
];
/** vsce's own files beside extension/. */
const vsixFiles = ['[Content_Types].xml', 'extension.vsixmanifest'];

describe('the .vsix (npm run package)', function () {
  this.timeout(60_000);
  let dir: string;
  let vsix: string;
  let entries: string[];

  before(async () => {
    // The development build leaves dist/extension.js.map beside the bundle: it must not be shipped.
    const built = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    dir = mkdtempSync(path.join(tmpdir(), 'build-service-vsix-'));
    vsix = await packWorkingTree(path.join(dir, 'test.vsix'));
    entries = await listZipEntries(vsix);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds only package.json, the bundle, media, README, CHANGELOG, LICENSE and l10n files', () => {
    const inExtension = entries.filter((e) => !vsixFiles.includes(e)).map((e) => e.replace(/^extension\//, ''));
    assert.deepEqual(
      entries.filter((e) => !vsixFiles.includes(e) && !e.startsWith('extension/')),
      [],
      'files outside extension/',
    );
    assert.deepEqual(
      inExtension.filter((e) => !allowed.some((rule) => rule.test(e))),
      [],
      'files the package must not hold',
    );
  });

  it('has no sourcemaps, sources, tests or node_modules', () => {
    assert.deepEqual(
      entries.filter((e) => /\.map$|\.ts$|(^|\/)(src|test|out|node_modules|\.vscode-test|\.ci)\//.test(e)),
      [],
    );
  });

  it('holds everything an installed extension reads: main, icons, README, CHANGELOG, LICENSE', () => {
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
    const wanted = [
      'extension/package.json',
      'extension/readme.md',
      'extension/changelog.md',
      'extension/LICENSE.txt',
      `extension/${path.posix.normalize(manifest.main)}`,
      'extension/dist/libraries.js',
      'extension/dist/webview/history.js',
      ...(manifest.icon ? [`extension/${manifest.icon}`] : []),
      ...vsixFiles,
    ];
    assert.deepEqual(
      wanted.filter((f) => !entries.includes(f)),
      [],
    );
  });

  it('has every image its README shows, under the relative path the README uses', async () => {
    const readme = await readZipText(vsix, 'extension/readme.md');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1] ?? '');
    assert.ok(images.length > 0, 'the README shows at least one image');
    assert.deepEqual(
      images.filter((src) => /^[a-z]+:/i.test(src)),
      [],
      'README images are relative paths, so they load from the package',
    );
    assert.deepEqual(
      images.filter((src) => !entries.includes(`extension/${path.posix.normalize(src)}`)),
      [],
    );
  });

  // The README is read inside VS Code from the installed package, where docs/ and the sources are not:
  // a link to docs/ is the repository's address (package.json `repository`), which works there too.
  it("links only to files it ships, to the repository's files at its address, or to https pages", async () => {
    const readme = await readZipText(vsix, 'extension/readme.md');
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
    const atRepository = `${String(manifest.repository.url).replace(/\.git$/, '')}/blob/HEAD/`;
    const links = [...readme.matchAll(/\]\(([^)\s]+)/g)].map((m) => m[1] ?? '').filter((target) => !target.startsWith('#'));
    assert.ok(
      links.some((target) => target.startsWith(`${atRepository}docs/`)),
      'the README links to docs/',
    );
    const broken = links.filter((target) => {
      const file = target.replace(/#.*$/, '');
      if (file.startsWith(atRepository)) return !existsSync(path.join(projectRoot, file.slice(atRepository.length)));
      if (/^https:\/\//i.test(file)) return false;
      return /^[a-z][a-z0-9+.-]*:/i.test(file) || !entries.includes(`extension/${path.posix.normalize(file)}`);
    });
    assert.deepEqual(broken, []);
  });
});
