// Builds the extension into dist/:
//   dist/start.js      what VS Code loads: runs the bundles below with V8's code cache (src/bundleLoader.ts)
//   dist/extension.js  all of our code: what activation loads, the views, commands and the client
//   dist/libraries.js  undici (HTTP) and the QR encoder, most of our bytes: required with the first request
//   node esbuild.mjs               bundle, with sourcemaps (--production: minified, no sourcemaps)
//   node esbuild.mjs --watch       bundle on every change, reporting like a tsc problem matcher
//   node esbuild.mjs --tests       the bundle, plus src/ and test/ file by file in out/ for mocha and the host
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

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

/**
 * VS Code hands out its API through a require hook that looks the calling extension up by file path;
 * every `require('vscode')` of the bundle pays that, so the bundle's modules share one.
 */
const oneVscodeRequire = {
  name: 'one-vscode-require',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /^vscode$/, namespace: 'vscode-once' }, () => ({
      contents: "module.exports = require('vscode');",
      loader: 'js',
    }));
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
  charset: 'ascii', // esbuild's default, which src/bundleLoader.ts reads fastest
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: watch ? [problemMatcherPlugin] : [],
};

const bundles = [
  { ...common, entryPoints: ['src/start.ts'], outfile: 'dist/start.js' },
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    plugins: [oneVscodeRequire, lazyLibrariesPlugin, ...common.plugins],
  },
  {
    ...common,
    stdin: { contents: lazyLibraries.map((name) => `exports.${name} = require('${name}');`).join('\n'), resolveDir: '.' },
    outfile: 'dist/libraries.js',
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
  rmSync('dist', { recursive: true, force: true });
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
