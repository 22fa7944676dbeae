// Builds the extension's six bundles and, with --tests, transpiles src/ and test/ to out/ file by
// file so mocha (plain Node) and the extension host can load the tests.
//   dist/extension.js  what activation loads: the services, the Current Branch view and the status
//                      bar, the registration of every command, tool and view; no HTTP code, no
//                      command handlers, nothing a view loads on first use
//   dist/apps.js       what the Apps view shows (provider, builds section, nodes, details), loaded
//                      when VS Code first asks the view for children or a command needs it
//                      (src/views/apps/appsView.ts)
//   dist/commands.js   what the commands and the language-model tools do, loaded on the first one
//                      used (src/commands/lazyCommands.ts)
//   dist/api.js        the client, its parsers and undici, loaded on the first request
//                      (src/services/apiLoader.ts); of undici only lib/dispatcher/agent and
//                      lib/api/api-request (src/api/transport.ts): its index would add fetch,
//                      WebSocket, caches, mocks and proxies, about twice the size and load time.
//   dist/testing.js    the Testing view's controller, the test tree and the search for the tests'
//                      sources, loaded with the first results to show (src/views/testing/buildTests.ts)
//   dist/qr.js         the QR page and its encoder, loaded the first time a QR code is shown
//                      (src/views/qrLoader.ts)
// `vscode` is external in all of them: the host provides it. In dist/extension.js every file shares
// one namespace of it (oneVscodeNamespace), and a check fails the build when that bundle holds HTTP,
// QR or command code or what a view loads on first use, or requires anything else at load
// (activationBundleChecks), or when another bundle but dist/api.js holds a copy of a class or state
// that must be the activation bundle's own (lazyBundleChecks).
//   node esbuild.mjs               bundle, with sourcemaps
//   node esbuild.mjs --production  bundle, minified, no sourcemaps
//   node esbuild.mjs --watch       bundle on every change, reporting like a tsc problem matcher
//   node esbuild.mjs --tests       the bundle, plus out/ for the test suites
import * as esbuild from 'esbuild';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
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

/** HTTP and QR code: the client, its transport and parsers, undici, the QR encoder. */
const HTTP_OR_QR_CODE = /node_modules[\\/](undici|qrcode)|src[\\/]api[\\/](client|transport|requester|parse)/;

/**
 * What views load on first use: what the Apps view shows (dist/apps.js: the provider, builds, details,
 * the nodes' classes), the Testing view's controller and source search (dist/testing.js), the QR page.
 */
const VIEW_CONTENT =
  /src[\\/](views[\\/]apps[\\/](?!appsView\.ts$)|core[\\/](detailRows|testTree|testSources)|views[\\/]testing[\\/](testingContent|testResultsView)|services[\\/]testLocator|views[\\/]qrPage)/;

/**
 * The loader's import of a sibling's module becomes a runtime `require("./api.js")` (or qr.js): the
 * sibling bundle, not a copy inside this one.
 */
const modulesInSiblingBundles = {
  name: 'modules-in-sibling-bundles',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const sibling = siblings.find((s) => args.path === s.specifier && args.importer.endsWith(s.loader));
      return sibling ? { path: `./${sibling.outfile.slice('dist/'.length)}`, external: true } : undefined;
    });
  },
};

/**
 * What activation loads stays small, checked on every build: no HTTP or QR code (an import of the
 * client by value), and nothing required at load but `vscode`, once, and the sibling bundles: a Node
 * built-in such as node:crypto costs milliseconds to load in a fresh process, every activation.
 * (Thrown: esbuild does not fail a build for errors an onEnd callback pushes into the result.)
 */
const activationBundleChecks = {
  name: 'activation-bundle-checks',
  setup(build) {
    build.onEnd((result) => {
      const output = result.metafile?.outputs['dist/extension.js'];
      if (!output) return; // the build failed already and says why
      const problems = [];
      const http = Object.keys(output.inputs).filter((input) => HTTP_OR_QR_CODE.test(input));
      if (http.length > 0) problems.push(`it must not hold HTTP or QR code, but includes ${http.join(', ')}`);
      // Of commands/ only what registers the commands; the rest is dist/commands.js.
      const handlers = Object.keys(output.inputs).filter(
        (input) => /src[\\/]commands[\\/]/.test(input) && !/[\\/](lazyCommands|register)\.ts$/.test(input),
      );
      if (handlers.length > 0) problems.push(`it must not hold the command handlers, but includes ${handlers.join(', ')}`);
      const views = Object.keys(output.inputs).filter((input) => VIEW_CONTENT.test(input));
      if (views.length > 0) problems.push(`it must not hold what views load on first use, but includes ${views.join(', ')}`);
      const required = output.imports.filter((i) => i.external).map((i) => i.path);
      const siblingFiles = siblings.map((s) => `./${s.outfile.slice('dist/'.length)}`);
      const others = [...new Set(required.filter((path) => path !== 'vscode' && !siblingFiles.includes(path)))];
      if (others.length > 0) problems.push(`it must require only vscode and its sibling bundles, but requires ${others.join(', ')}`);
      const vscodeRequires = required.filter((path) => path === 'vscode').length;
      if (vscodeRequires !== 1) problems.push(`it must require vscode once (see oneVscodeNamespace), but does ${vscodeRequires} times`);
      if (problems.length > 0) throw new Error(`dist/extension.js: ${problems.join('; ')}`);
    });
  },
};

/**
 * A lazily loaded bundle gets the objects of activate() handed in (commands/features.ts,
 * views/apps/appsContent.ts) and must not hold its own copy of them: a copy of a service would be a
 * second, empty instance, and a copy of a view's class one whose `instanceof` is false for the objects
 * the other bundles made. So no services but two stateless helpers, neither loader of the activation
 * bundle, no HTTP stack (the client is reached through the session, and loads dist/api.js), no QR
 * encoder and no views, but what `mayHold`: dist/commands.js the node check (views/treeNode.ts, which
 * asks a node's kind without `instanceof`), dist/apps.js the Apps view's own files and the nodes it
 * makes, dist/testing.js the Testing view's controller and the source search, dist/qr.js the QR page
 * and the encoder.
 */
function lazyBundleChecks(outfile, mayHold) {
  return {
    name: `lazy-bundle-checks ${outfile}`,
    setup(build) {
      build.onEnd((result) => {
        const output = result.metafile?.outputs[outfile];
        if (!output) return;
        const copies = Object.keys(output.inputs).filter(
          (input) =>
            !mayHold.test(input) &&
            (/src[\\/]views[\\/]/.test(input) ||
              /src[\\/](commands[\\/]lazyCommands|views[\\/]apps[\\/]appsView)\.ts$/.test(input) ||
              (/src[\\/]services[\\/]/.test(input) && !/[\\/](links|settingPrompt)\.ts$/.test(input)) ||
              HTTP_OR_QR_CODE.test(input)),
        );
        if (copies.length > 0) throw new Error(`${outfile} must not hold its own copy of ${copies.join(', ')}`);
      });
    },
  };
}

/**
 * Every `import * as vscode from 'vscode'` in src/ shares one module of the bundle, which copies
 * nothing. Left to itself esbuild turns each import into __toESM(require('vscode')), which copies all
 * of the API's several hundred properties into a new object, once per importing file (42 files); even
 * one `export * from 'vscode'` defines a getter for each of them at load, about 0.9 ms of loading
 * dist/extension.js in the host. The module instead reads, once, the values src/ uses:
 * `export const { commands, window, … } = require('vscode')`. Those are the API's values (the classes,
 * enums and namespaces @types/vscode declares) that src/ names as `vscode.X`; a name missing from the
 * list fails the build (import-is-undefined is an error in `common`).
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-api' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api' },
    );
    build.onLoad({ filter: /^vscode$/, namespace: 'vscode-api' }, () => ({
      contents: `export const { ${vscodeValuesUsedInSrc().join(', ')} } = require('vscode');`,
      loader: 'js',
    }));
  },
};

/** The names of the API's values (`vscode.X` in src/ where @types/vscode declares X a value), sorted. */
function vscodeValuesUsedInSrc() {
  const declarations = readFileSync('node_modules/@types/vscode/index.d.ts', 'utf8');
  const values = new Set([...declarations.matchAll(/^\texport (?:class|enum|namespace|const) (\w+)/gm)].map((m) => m[1]));
  const used = typeScriptFilesUnder('src').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bvscode\.(\w+)/g)].map((m) => m[1]));
  return [...new Set(used)].filter((name) => values.has(name)).sort();
}

/**
 * The lazily loaded bundles: the one loader that imports each, what it imports, its output file, and
 * the plugins of its own build (all but dist/api.js are checked, so they keep a
 * metafile).
 */
const siblings = [
  {
    loader: join('commands', 'lazyCommands.ts'),
    specifier: './features',
    entry: 'src/commands/features.ts',
    outfile: 'dist/commands.js',
    plugins: [oneVscodeNamespace, lazyBundleChecks('dist/commands.js', /src[\\/]views[\\/]treeNode\.ts$/)],
  },
  {
    loader: join('views', 'apps', 'appsView.ts'),
    specifier: './appsContent',
    entry: 'src/views/apps/appsContent.ts',
    outfile: 'dist/apps.js',
    plugins: [
      oneVscodeNamespace,
      lazyBundleChecks('dist/apps.js', /src[\\/]views[\\/](apps[\\/]|messageNode\.ts$|buildIcon\.ts$|treeNode\.ts$)/),
    ],
  },
  {
    loader: join('views', 'testing', 'buildTests.ts'),
    specifier: './testingContent',
    entry: 'src/views/testing/testingContent.ts',
    outfile: 'dist/testing.js',
    // The source search is a service, but one this bundle alone makes.
    plugins: [
      oneVscodeNamespace,
      lazyBundleChecks('dist/testing.js', /src[\\/](views[\\/]testing[\\/](testingContent|testResultsView)|services[\\/]testLocator)\.ts$/),
    ],
  },
  { loader: join('services', 'apiLoader.ts'), specifier: '../api/client', entry: 'src/api/client.ts', outfile: 'dist/api.js', plugins: [] },
  {
    loader: join('views', 'qrLoader.ts'),
    specifier: './qrPage',
    entry: 'src/views/qrPage.ts',
    outfile: 'dist/qr.js',
    plugins: [oneVscodeNamespace, lazyBundleChecks('dist/qr.js', /src[\\/]views[\\/]qrPage\.ts$|node_modules[\\/]qrcode[\\/]/)],
  },
];

const common = {
  bundle: true,
  // @vscode/l10n's Node build can read a bundle from a file URI, so it requires fs and fs/promises at
  // load (about 1 ms in a fresh process); we only ever hand it the contents (core/language.ts), which
  // its browser build, the same code without that reader, does too.
  alias: { '@vscode/l10n': '@vscode/l10n/dist/browser.js' },
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  // `vscode.X` where X is not among oneVscodeNamespace's exports would be undefined at run time.
  logOverride: { 'import-is-undefined': 'error' },
};

const bundles = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    metafile: true,
    // `import()` of api.js stays a plain require(): no ESM loader for a file that is CommonJS anyway.
    supported: { 'dynamic-import': false },
    plugins: [oneVscodeNamespace, modulesInSiblingBundles, activationBundleChecks, ...(watch ? [problemMatcherPlugin] : [])],
  },
  ...siblings.map(({ entry, outfile, plugins }) => ({
    ...common,
    entryPoints: [entry],
    outfile,
    metafile: plugins.length > 0, // for the checks among them
    plugins: [...plugins, ...(watch ? [problemMatcherPlugin] : [])],
  })),
];

if (watch) {
  for (const bundle of bundles) await (await esbuild.context(bundle)).watch();
} else {
  // A production bundle has no sourcemap; one left by an earlier build would describe other code.
  if (production) for (const { outfile } of bundles) rmSync(`${outfile}.map`, { force: true });
  await Promise.all(bundles.map((bundle) => esbuild.build(bundle)));
  if (tests) {
    // From scratch: a test file deleted or renamed in src/ or test/ must not live on in out/, where
    // mocha's glob would still find and run it.
    rmSync('out', { recursive: true, force: true });
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
