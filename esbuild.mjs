// Builds the extension's two bundles and, with --tests, transpiles src/ and test/ to out/ file by file
// so mocha (plain Node) and the extension host can load the tests.
//   dist/extension.js  what activation loads: the extension's own code, no HTTP code at all
//   dist/api.js        the client, its parsers and undici, loaded on the first request
//                      (src/services/apiLoader.ts); of undici only lib/dispatcher/agent and
//                      lib/api/api-request (src/api/transport.ts): its index would add fetch,
//                      WebSocket, caches, mocks and proxies, about twice the size and load time.
// `vscode` is external in both: the host provides it.
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

/**
 * The one import of the client module (in apiLoader.ts) becomes a runtime `require("./api.js")`: the
 * sibling bundle, not a copy inside this one.
 */
const clientInSiblingBundle = {
  name: 'client-in-sibling-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/api\/client$/ }, (args) =>
      args.importer.endsWith(join('services', 'apiLoader.ts')) ? { path: './api.js', external: true } : undefined,
    );
  },
};

/** Fails the build when HTTP code reaches the activation bundle (an import of the client by value). */
const activationHoldsNoHttp = {
  name: 'activation-holds-no-http',
  setup(build) {
    build.onEnd((result) => {
      const inputs = Object.keys(result.metafile?.outputs['dist/extension.js']?.inputs ?? {});
      const http = inputs.filter((input) => /node_modules[\\/]undici|src[\\/]api[\\/](client|transport|requester|parse)/.test(input));
      if (http.length > 0) {
        result.errors.push({ text: `dist/extension.js must not hold HTTP code, but includes ${http.join(', ')}` });
      }
    });
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
};

const bundles = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    metafile: true,
    // `import()` of api.js stays a plain require(): no ESM loader for a file that is CommonJS anyway.
    supported: { 'dynamic-import': false },
    plugins: [clientInSiblingBundle, activationHoldsNoHttp, ...(watch ? [problemMatcherPlugin] : [])],
  },
  {
    ...common,
    entryPoints: ['src/api/client.ts'],
    outfile: 'dist/api.js',
    plugins: watch ? [problemMatcherPlugin] : [],
  },
];

if (watch) {
  for (const bundle of bundles) await (await esbuild.context(bundle)).watch();
} else {
  // A production bundle has no sourcemap; one left by an earlier build would describe other code.
  if (production) for (const name of ['extension', 'api']) rmSync(`dist/${name}.js.map`, { force: true });
  await Promise.all(bundles.map((bundle) => esbuild.build(bundle)));
  if (tests) {
    await esbuild.build({
      entryPoints: [...typeScriptFilesUnder('src'), ...typeScriptFilesUnder('test')],
      outbase: '.',
      outdir: 'out',
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcemap: 'inline',
      // import() as require(), as in the bundles: Node's ESM loader would want file extensions.
      supported: { 'dynamic-import': false },
      logLevel: 'warning',
    });
  }
}
