// `npm run release`: the package for the Visual Studio Marketplace and Open VSX, built, checked, and
// published only to the registries whose token is in the environment (VSCE_PAT, OVSX_PAT). Without a
// token it is a dry run: it builds and checks the same .vsix and says what it would publish, and where.
// docs/RELEASE.md is the whole procedure. The package differs from `npm run package`'s in one thing:
// vsce rewrites the README's relative image paths to the repository's raw files (package.json
// `repository`), since Open VSX's page does not read images from the package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const { name, publisher, version } = manifest;
const outDir = path.join(root, 'release');
const vsix = path.join(outDir, `${name}-${version}.vsix`);
const tokens = { marketplace: Boolean(process.env.VSCE_PAT), openVsx: Boolean(process.env.OVSX_PAT) };
const dryRun = !tokens.marketplace && !tokens.openVsx;
const problems = [];

function run(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (!quiet) process.stdout.write(output);
  return { status: result.status ?? 1, output };
}

const bin = (tool) => path.join(root, 'node_modules', '.bin', tool);

/** Every entry of a .vsix (a zip of under a megabyte), by name, read with yauzl as vsce does. */
function readVsix(file) {
  const yauzl = require('yauzl');
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

console.log(`${dryRun ? 'Dry run' : 'Release'}: ${publisher}.${name} ${version}${manifest.preview ? ' (preview)' : ''}`);

// 1. The version is the CHANGELOG's newest, with a date.
const newest = /^## \[([^\]]+)\] - (\d{4}-\d{2}-\d{2})/m.exec(readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'));
if (newest?.[1] !== version) problems.push(`CHANGELOG.md's newest version is ${newest?.[1] ?? 'none'}, package.json says ${version}`);
else console.log(`CHANGELOG.md: ${version} dated ${newest[2]}`);

// 2. What is published is a commit: a dirty work tree would ship what no commit holds.
const head = run('git', ['rev-parse', '--short', 'HEAD'], { quiet: true }).output.trim();
const dirty = run('git', ['status', '--porcelain', '--untracked-files=no'], { quiet: true }).output.trimEnd();
if (dirty) {
  const note = `the work tree has uncommitted changes:\n${dirty}`;
  if (dryRun) console.log(`Note: ${note}\n(a release refuses to publish from it)`);
  else problems.push(note);
} else console.log(`Commit: ${head}`);

// 3. The package, built by vsce (its prepublish step makes the production bundles), with no warning.
// Its README shows the images from the repository, so the package leaves out the copies it would not show.
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const readmeImages = [...readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(\s*([^)\s]+)/g)]
  .map((m) => m[1])
  .filter((src) => !/^[a-z][a-z0-9+.-]*:/i.test(src));
// vsce ships a file that any `!` line names, whatever the order, so `!media/**` becomes one line per file kept.
const kept = (await require('@vscode/vsce/out/package').listFiles({ cwd: root, dependencies: false }))
  .filter((file) => file.startsWith('media/') && !readmeImages.some((src) => path.posix.normalize(src) === file))
  .map((file) => `!${file}`);
const allowList = readFileSync(path.join(root, '.vscodeignore'), 'utf8')
  .split('\n')
  .filter((line) => !line.trim().startsWith('!media/'));
const ignoreFile = path.join(outDir, 'vscodeignore');
writeFileSync(ignoreFile, [...allowList, ...kept, ''].join('\n'));
// --no-gitHubIssueLinking: "main #41" is a build, not issue 41 of the repository.
const packaged = run(bin('vsce'), ['package', '--no-dependencies', '--no-gitHubIssueLinking', '--ignoreFile', ignoreFile, '--out', vsix]);
if (packaged.status !== 0) problems.push(`vsce package failed (exit ${packaged.status})`);
if (/WARNING/.test(packaged.output)) problems.push('vsce package printed a warning');

if (packaged.status === 0) {
  // 4. What the registries read from it: the manifest (ovsx's own reading and checks), the README's images.
  const files = await readVsix(vsix);
  const entries = [...files.keys()].sort();
  const text = (entry) => files.get(entry)?.toString('utf8') ?? '';
  const shipped = JSON.parse(text('extension/package.json'));
  const ovsx = require('ovsx');
  try {
    ovsx.validateManifest(shipped);
  } catch (error) {
    problems.push(`Open VSX: ${error.message}`);
  }
  if (!(await ovsx.isLicenseOk(root, manifest))) problems.push('Open VSX: no licence (package.json "license" or a LICENSE file)');
  if (!entries.includes('extension/LICENSE.txt')) problems.push('the package holds no LICENSE');
  if (shipped.version !== version || shipped.publisher !== publisher) problems.push('the packaged manifest is not package.json');
  const vsixManifest = text('extension.vsixmanifest');
  if (manifest.preview && !/<GalleryFlags>[^<]*\bPreview\b/.test(vsixManifest)) problems.push('the package is not flagged Preview');
  const bad = entries.filter((e) => /\.map$|\.ts$|(^|\/)(src|test|out|node_modules|\.vscode-test|\.ci|docs)\//.test(e));
  if (bad.length) problems.push(`files that must not ship: ${bad.join(', ')}`);

  // Every README image is an https address of a file this commit holds, under the repository's raw files.
  const readme = text('extension/readme.md');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(\s*([^)\s]+)/g)].map((m) => m[1]);
  const repository = (manifest.repository?.url ?? '').replace(/\.git$/, '').replace(/^git\+/, '');
  const rawPrefix = `${repository}/raw/HEAD/`;
  const tracked = new Set(run('git', ['ls-files'], { quiet: true }).output.split('\n'));
  for (const src of images) {
    if (!src.startsWith(rawPrefix)) problems.push(`README image not under ${rawPrefix}: ${src}`);
    else if (!tracked.has(src.slice(rawPrefix.length))) problems.push(`README image not in the repository: ${src}`);
    else if (entries.includes(`extension/${src.slice(rawPrefix.length)}`))
      problems.push(`README image shipped but shown from the repository: ${src}`);
  }
  console.log(`README images (${images.length}), from the repository's default branch once pushed:`);
  for (const src of images) console.log(`  ${src}`);
  console.log(`Package: ${path.relative(root, vsix)}, ${statSync(vsix).size.toLocaleString('en')} bytes, ${entries.length} entries`);
}

if (problems.length) {
  console.log(`\nNot publishable:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}

// 5. Publishing: each registry whose token is set; the tokens go to vsce and ovsx through the environment only.
const steps = [
  {
    registry: 'Visual Studio Marketplace',
    token: 'VSCE_PAT',
    given: tokens.marketplace,
    command: [bin('vsce'), 'publish', '--packagePath', vsix],
  },
  { registry: 'Open VSX', token: 'OVSX_PAT', given: tokens.openVsx, command: [bin('ovsx'), 'publish', vsix] },
];
let failed = false;
for (const step of steps) {
  const shown = [path.basename(step.command[0]), ...step.command.slice(1).map((a) => (a === vsix ? path.relative(root, vsix) : a))].join(
    ' ',
  );
  if (!step.given) {
    console.log(
      `\n${step.registry}: would publish ${publisher}.${name} ${version} with \`${shown}\`; ${step.token} is not set, so nothing is sent.`,
    );
    continue;
  }
  console.log(`\n${step.registry}: ${shown}`);
  const published = run(step.command[0], step.command.slice(1));
  if (published.status !== 0) {
    console.log(`${step.registry}: publishing failed (exit ${published.status})`);
    failed = true;
  }
}
if (dryRun) console.log('\nDry run: checked, nothing published. Set VSCE_PAT and/or OVSX_PAT to publish.');
process.exit(failed ? 1 : 0);
