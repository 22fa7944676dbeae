// Builds the extension bundle (dist/extension.js) and, with --tests, transpiles src/ and test/ to out/
// file by file so mocha (plain Node) and the extension host can load the tests.
//   node esbuild.mjs               bundle, with sourcemaps
//   node esbuild.mjs --production  bundle, minified, no sourcemaps
//   node esbuild.mjs --watch       bundle on every change, reporting like a tsc problem matcher
//   node esbuild.mjs --tests       the bundle, plus out/ for the test suites
import * as esbuild from 'esbuild';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

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

function typeScriptFilesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return typeScriptFilesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

const bundle = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: 'dist/extension.js',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: watch ? [problemMatcherPlugin] : [],
};

if (watch) {
  const context = await esbuild.context(bundle);
  await context.watch();
} else {
  // A production bundle has no sourcemap; one left by an earlier build would describe other code.
  if (production) rmSync('dist/extension.js.map', { force: true });
  await esbuild.build(bundle);
  if (tests) {
    await esbuild.build({
      entryPoints: [...typeScriptFilesUnder('src'), ...typeScriptFilesUnder('test')],
      outbase: '.',
      outdir: 'out',
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'warning',
    });
  }
}
