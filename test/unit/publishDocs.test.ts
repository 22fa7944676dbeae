// What a published package promises that no other test reads: the README's images are in the .vsix and
// every image the .vsix carries is shown somewhere; the CHANGELOG's newest version is package.json's and
// the README speaks of no version the CHANGELOG lacks; DEVELOPMENT.md names the .vscodeignore allow-list
// as it is; every link of a doc names a file of the repository (relative, or at the repository's
// address, as the README links docs/) and a heading it has; no page keeps a merge's conflict markers
// (a merge of two CHANGELOG entries shipped one). (readmeTables.test.ts reads the tables,
// package.test.ts packs the .vsix itself.)
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_USER_AGENT } from '../../src/api/client/client';

const projectRoot = path.resolve(__dirname, '../../..');
const read = (name: string) => readFileSync(path.join(projectRoot, name), 'utf8');
const manifest = JSON.parse(read('package.json')) as { version: string; icon?: string; [key: string]: unknown };

interface VsceList {
  listFiles(this: void, options: { cwd: string; dependencies: boolean }): Promise<string[]>;
}

/** The files `vsce package` would ship, as vsce itself chooses them from .vscodeignore (no build, no zip). */
function shippedFiles(): Promise<string[]> {
  const { listFiles } = createRequire(__filename)('@vscode/vsce/out/package') as VsceList;
  return listFiles({ cwd: projectRoot, dependencies: false });
}

/** The targets of a Markdown text's images: `![alt](src)` and `<img src="…">`. */
function imagesOf(markdown: string): string[] {
  return [
    ...[...markdown.matchAll(/!\[[^\]]*\]\(\s*([^)\s]+)/g)].map((m) => m[1] ?? ''),
    ...[...markdown.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1] ?? ''),
  ];
}

/** Every string in package.json that names a file under media/. */
function mediaNamedByManifest(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    const name = value.replace(/^\.\//, '');
    if (name.startsWith('media/')) found.push(name);
  } else if (Array.isArray(value)) value.forEach((v) => mediaNamedByManifest(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => mediaNamedByManifest(v, found));
  return found;
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set(
    [...withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) =>
      (m[1] ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

/** The `## [x.y.z] - date` headings of the CHANGELOG, newest first. */
function changelogVersions(): { version: string; date: string | undefined }[] {
  return [...read('CHANGELOG.md').matchAll(/^## \[([^\]]+)\](?: - (\S+))?/gm)].map((m) => ({ version: m[1] ?? '', date: m[2] }));
}

describe('what the package shows and ships', () => {
  const readme = read('README.md');
  let shipped: string[];
  before(async () => {
    shipped = await shippedFiles();
  });

  it('every image the README shows is a file of the repository that the .vsix ships', () => {
    const images = imagesOf(readme);
    assert.ok(images.length > 0, 'the README shows images');
    const local = images.filter((src) => !/^https:\/\//i.test(src));
    assert.deepEqual(
      images.filter((src) => /^[a-z][a-z0-9+.-]*:/i.test(src) && !/^https:\/\//i.test(src)),
      [],
      'an image from anywhere but https or the package',
    );
    assert.deepEqual(
      local.filter((src) => !existsSync(path.join(projectRoot, src))),
      [],
      'README images missing from the repository',
    );
    assert.deepEqual(
      local.filter((src) => !shipped.includes(path.posix.normalize(src))),
      [],
      'README images the .vsix leaves out',
    );
  });

  it('every file of media/ the .vsix ships is shown by the README, named by package.json or read by the code', () => {
    const named = new Set([...imagesOf(readme).map((src) => path.posix.normalize(src)), ...mediaNamedByManifest(manifest)]);
    // The Apps view's platform icons: src/views/apps/nodes.ts joins media/platforms/<platform>-<theme>.svg.
    const nodes = read('src/views/apps/nodes.ts');
    const readByCode = (file: string) =>
      /^media\/platforms\/[a-z]+-(light|dark)\.svg$/.test(file) && nodes.includes("'media', 'platforms'");
    assert.deepEqual(
      shipped.filter((file) => file.startsWith('media/') && !named.has(file) && !readByCode(file)),
      [],
      'shipped but never shown',
    );
  });

  it('every file package.json names under media/ exists', () => {
    assert.deepEqual(
      mediaNamedByManifest(manifest).filter((file) => !existsSync(path.join(projectRoot, file))),
      [],
    );
  });
});

describe('versions', () => {
  it("the CHANGELOG's newest version is package.json's, dated, and every version has a date", () => {
    const versions = changelogVersions();
    assert.ok(versions.length > 0, 'the CHANGELOG has a version heading');
    assert.equal(versions[0]?.version, manifest.version);
    assert.deepEqual(
      versions.filter((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v.date ?? '')),
      [],
      'version headings without a date (YYYY-MM-DD)',
    );
  });

  it("the CHANGELOG groups each version's entries under Keep a Changelog's headings", () => {
    const kinds = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
    const headings = [...read('CHANGELOG.md').matchAll(/^### (.+)$/gm)].map((m) => (m[1] ?? '').trim());
    assert.ok(headings.length > 0);
    assert.deepEqual(
      headings.filter((h) => !kinds.includes(h)),
      [],
    );
  });

  it('the README names no version of the extension that the CHANGELOG does not list', () => {
    const listed = new Set(changelogVersions().map((v) => v.version));
    // VS Code's, Node's and code-server's versions are not ours; neither are addresses (127.0.0.1), sizes or shares ("43.1 MB", "3.4%").
    const ours = read('README.md')
      .replace(/\b(VS Code|Node(\.js)?|code-server)\s+\d+(\.\d+)*(\s*(or|and|to|–)\s*\d+(\.\d+)*)?/g, '')
      .replace(/\d+\.\d+\s*(KB|MB|GB|%)/g, '')
      .matchAll(/(?<![\d.])v?(\d+\.\d+(?:\.\d+)?)(?![\d.]*\d)/g);
    assert.deepEqual(
      [...ours].map((m) => m[1] ?? '').filter((v) => !listed.has(v)),
      [],
    );
  });

  it("the User-Agent the client sends carries package.json's version", () => {
    assert.ok(DEFAULT_USER_AGENT.endsWith(`/${manifest.version}`), DEFAULT_USER_AGENT);
  });
});

describe('docs/ agrees with the files it describes', () => {
  it("DEVELOPMENT.md's list of what .vscodeignore lets in is .vscodeignore's", () => {
    const allowed = read('.vscodeignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('!'))
      .map((line) => line.slice(1))
      .sort();
    const development = read('docs/DEVELOPMENT.md');
    const section = /^## Packaging\n([\s\S]*?)(?=^## )/m.exec(development)?.[1] ?? '';
    // The list is the bullets of the section that start with a path in backquotes.
    const listed = [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1] ?? '').sort();
    assert.deepEqual(listed, allowed);
  });

  it("no page holds a merge's conflict markers", () => {
    const pages = ['README.md', 'CHANGELOG.md', ...readdirSync(path.join(projectRoot, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
      f.endsWith('.md'),
    );
    const marked = pages.filter((page) => /^(<{7}|={7}|>{7})( |$)/m.test(read(page)));
    assert.deepEqual(marked, []);
  });

  it('every link of the README, CHANGELOG and docs/ to a file of the repository names one, and a heading it has', () => {
    const atRepository = `${String((manifest.repository as { url: string }).url).replace(/\.git$/, '')}/blob/HEAD/`;
    const pages = ['README.md', 'CHANGELOG.md', ...readdirSync(path.join(projectRoot, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
      f.endsWith('.md'),
    );
    const broken: string[] = [];
    for (const page of pages) {
      const text = read(page);
      // Markdown links, and a path in parentheses (`(../somewhere/File.md)`) that reads like one.
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/\((\.\.?\/[^)\s]+)\)/g)].map((m) => m[1] ?? '');
      for (const target of targets) {
        const [file = '', anchor] = target.split('#');
        let resolved: string;
        if (file.startsWith(atRepository)) resolved = path.resolve(projectRoot, file.slice(atRepository.length));
        else if (/^[a-z][a-z0-9+.-]*:/i.test(file)) continue;
        else resolved = file === '' ? path.resolve(projectRoot, page) : path.resolve(projectRoot, path.dirname(page), file);
        if (path.relative(projectRoot, resolved).startsWith('..') || !existsSync(resolved)) broken.push(`${page}: ${target}`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor))
          broken.push(`${page}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });
});
