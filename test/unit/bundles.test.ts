// The bundles as they ship: the production build (minified, no sourcemaps) made here into a temporary
// folder, since dist/ at unit time holds the development build, whose size says nothing about the
// .vsix. Sizes are exact for the same sources and lockfile, so their budgets are assertions.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const projectRoot = path.resolve(__dirname, '../../..');
const KIB = 1024;
/** What VS Code reads and compiles when the extension activates: all of our code. V8 compiles about
 * 30 µs a KiB on a 2-core machine (PERFORMANCE.md), so this is some 8 ms of the 20 ms activation budget.
 * Raised from 256 KiB with issue 50's artifact sizes (+12.7 KiB, in four places: details, Current Branch,
 * the history, a chat tool), which no split of ours could load later: there is one lazy boundary, the libraries. */
const EXTENSION_BUDGET = 272 * KIB;
/** undici and the QR encoder, read with the first request. */
const LIBRARIES_BUDGET = 600 * KIB;

describe('the production bundles (node esbuild.mjs --production)', function () {
  this.timeout(60_000);
  let dir: string;
  const size = (name: string) => statSync(path.join(dir, name)).size;

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'build-service-bundles-'));
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--production', `--outdir=${dir}`], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('are two for the extension host: the extension, and the libraries it loads with the first request', () => {
    // A webview's page is a browser script the extension host never loads: it is in dist/webview/.
    assert.deepEqual(
      readdirSync(dir)
        .filter((name) => name.endsWith('.js'))
        .sort(),
      ['extension.js', 'libraries.js'],
    );
    assert.deepEqual(
      readdirSync(path.join(dir, 'webview')).filter((name) => name.endsWith('.js')),
      ['history.js'],
    );
  });

  it(`keep dist/extension.js within ${EXTENSION_BUDGET / KIB} KiB`, () => {
    const bytes = size('extension.js');
    assert.ok(bytes <= EXTENSION_BUDGET, `dist/extension.js is ${(bytes / KIB).toFixed(1)} KiB`);
  });

  it(`keep dist/libraries.js within ${LIBRARIES_BUDGET / KIB} KiB`, () => {
    const bytes = size('libraries.js');
    assert.ok(bytes <= LIBRARIES_BUDGET, `dist/libraries.js is ${(bytes / KIB).toFixed(1)} KiB`);
  });

  it('take undici and the QR encoder from dist/libraries.js, which loading the extension does not load', () => {
    assert.match(readFileSync(path.join(dir, 'extension.js'), 'latin1'), /require\("\.\/libraries\.js"\)/);
    // Outside VS Code, `vscode` is a stub whose every member is an empty class: enough for a bundle's top level.
    const stub = path.join(dir, 'node_modules', 'vscode');
    mkdirSync(stub, { recursive: true });
    writeFileSync(path.join(stub, 'index.js'), 'module.exports = new Proxy({}, { get: () => class {} });');
    const script = `
      const loaded = () => Object.keys(require.cache).map((file) => require('node:path').basename(file));
      require(${JSON.stringify(path.join(dir, 'extension.js'))});
      const atLoad = loaded();
      const libraries = require(${JSON.stringify(path.join(dir, 'libraries.js'))});
      console.log(JSON.stringify({ atLoad, undici: typeof libraries.undici.request, qrcode: typeof libraries.qrcode.create }));`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const { atLoad, undici, qrcode } = JSON.parse(run.stdout) as { atLoad: string[]; undici: string; qrcode: string };
    assert.deepEqual(atLoad.sort(), ['extension.js', 'index.js'], 'modules loaded with dist/extension.js');
    assert.deepEqual([undici, qrcode], ['function', 'function']);
  });
});
