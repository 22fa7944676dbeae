// Builds the extension into dist/:
//   dist/extension.js  what VS Code loads (package.json "main"): all of our code
//   dist/libraries.js  undici (HTTP) and the QR encoder, most of the bytes: required with the first request
//   node esbuild.mjs               bundle, with sourcemaps (--production: minified, no sourcemaps)
//   node esbuild.mjs --watch       bundle on every change, reporting like a tsc problem matcher
//   node esbuild.mjs --tests       the bundle, plus src/ and test/ file by file in out/ for mocha and the host
//   --outdir=<dir>                 the bundles there instead of dist/ (test/unit/bundles.test.ts)
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

/** In dist/extension.js an import of these libraries reads them from dist/libraries.js, required at the first import. */
const lazyLibraries = ['undici', 'qrcode'];
const lazyLibrariesPlugin = {
  name: 'lazy-libraries',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(${lazyLibraries.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'lazy-library' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-library' }, (args) => ({
      contents: `module.exports = require('./libraries.js').${args.path};`,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/libraries\.js$/ }, () => ({ path: './libraries.js', external: true }));
  },
};

/** Prints build start/end in the shape the `$esbuild-watch` problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  // @vscode/l10n's Node build requires fs to read bundles from files; we hand it the contents, which
  // its browser build (the same code without that reader) does too.
  alias: { '@vscode/l10n': '@vscode/l10n/dist/browser.js' },
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
};
const watchPlugins = watch ? [problemMatcherPlugin] : [];

const bundles = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: join(outdir, 'extension.js'),
    plugins: [lazyLibrariesPlugin, ...watchPlugins],
  },
  {
    ...common,
    stdin: { contents: lazyLibraries.map((name) => `exports.${name} = require('${name}');`).join('\n'), resolveDir: '.' },
    outfile: join(outdir, 'libraries.js'),
    plugins: watchPlugins,
  },
  // The Build History panel's page (a browser script, in dist/webview/: the extension host never loads it): uPlot and its CSS, as text, bundled so the page loads nothing else.
  {
    ...common,
    entryPoints: ['src/webview/history.ts'],
    outfile: join(outdir, 'webview', 'history.js'),
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    external: [],
    loader: { '.css': 'text' },
    plugins: watchPlugins,
  },
];

const typeScriptFilesUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(dir, name));

if (watch) {
  for (const bundle of bundles) await (await esbuild.context(bundle)).watch();
} else {
  // A production bundle has no sourcemap; one left by an earlier build would describe other code.
  rmSync(outdir, { recursive: true, force: true });
  await Promise.all(bundles.map((bundle) => esbuild.build(bundle)));
  if (tests) {
    // From scratch: a test file deleted or renamed must not live on in out/, where mocha would run it.
    rmSync('out', { recursive: true, force: true });
    await esbuild.build({
      entryPoints: [...typeScriptFilesUnder('src'), ...typeScriptFilesUnder('test')],
      outbase: '.',
      outdir: 'out',
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcemap: 'inline',
      supported: { 'dynamic-import': false },
      logLevel: 'warning',
    });
  }
}
