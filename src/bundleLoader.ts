// Runs our bundles (dist/extension.js and the libraries it loads on first use) with V8's code cache:
// compiling them is most of what activation and the first request cost, and a cache saved by an
// earlier window lets V8 skip it. Without a usable cache a bundle compiles as `require` would.
import { isAscii } from 'node:buffer';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** Saved this long after a bundle first runs, so the cache also holds the functions used by then. */
const SAVE_DELAY_MS = 10_000;

/** How a bundle was compiled: from a saved cache, or from source (no cache yet, or V8 refused it). */
export type Compiled = 'from-cache' | 'from-source';

export interface BundleLoaderOptions {
  /** Where caches are kept; none: compile from source and save nothing. */
  cacheDir: string | undefined;
  saveDelayMs?: number;
}

export class BundleLoader {
  private readonly exportsByName = new Map<string, unknown>();
  private readonly compiled = new Map<string, Compiled>();
  private readonly saves = new Set<Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly options: BundleLoaderOptions,
  ) {}

  /** The exports of `name` (a file in the bundle folder), run once. */
  load(name: string): unknown {
    if (this.exportsByName.has(name)) return this.exportsByName.get(name);
    const file = path.join(this.dir, name);
    const bytes = readFileSync(file);
    // esbuild writes ASCII (it escapes the rest), which reads as latin1 in a third of UTF-8's time.
    const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    const cacheFile = this.options.cacheDir && path.join(this.options.cacheDir, cacheName(name, statSync(file)));
    const cachedData = cacheFile ? readIfThere(cacheFile) : undefined;
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename: file,
      cachedData,
    });
    const fromCache = cachedData !== undefined && !script.cachedDataRejected;
    this.compiled.set(name, fromCache ? 'from-cache' : 'from-source');
    const module = { exports: {} as unknown };
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(module.exports, module.exports, this.requireFrom(file), module, file, this.dir);
    this.exportsByName.set(name, module.exports);
    if (cacheFile && !fromCache) this.saveLater(script, name, cacheFile);
    return module.exports;
  }

  /** The bundles loaded so far, and how each was compiled. */
  loaded(): ReadonlyMap<string, Compiled> {
    return this.compiled;
  }

  /** Resolves when every cache scheduled so far is written (or failed to be). */
  async saved(): Promise<void> {
    await Promise.all(this.saves);
  }

  /** A bundle's `require`: a sibling bundle (`./libraries.js`) through this loader, anything else as Node's. */
  private requireFrom(file: string): NodeJS.Require {
    const nodeRequire = createRequire(file);
    const require = (id: string): unknown => (/^\.\/[\w.-]+\.js$/.test(id) ? this.load(id.slice(2)) : nodeRequire(id));
    return Object.assign(require, nodeRequire);
  }

  private saveLater(script: vm.Script, name: string, cacheFile: string): void {
    let done: () => void = () => undefined;
    const save = new Promise<void>((resolve) => (done = resolve));
    this.saves.add(save);
    setTimeout(() => {
      writeCache(script, name, cacheFile)
        .catch(() => undefined) // no cache is the state we started in: the next window compiles again
        .finally(() => {
          this.saves.delete(save);
          done();
        });
    }, this.options.saveDelayMs ?? SAVE_DELAY_MS);
  }
}

/** Names the bundle's exact file and V8: a new build, release or V8 gets a cache of its own. */
function cacheName(name: string, stats: Stats): string {
  return `${name}.${stats.size}.${Math.floor(stats.mtimeMs)}.${process.versions.v8}.${process.arch}.cache`;
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

async function writeCache(script: vm.Script, name: string, cacheFile: string): Promise<void> {
  const dir = path.dirname(cacheFile);
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a window reading it never sees half a file.
  const partial = `${cacheFile}.${process.pid}.partial`;
  await writeFile(partial, script.createCachedData());
  await rename(partial, cacheFile);
  const stale = (await readdir(dir)).filter(
    (file) => file.startsWith(`${name}.`) && file.endsWith('.cache') && path.join(dir, file) !== cacheFile,
  );
  await Promise.all(stale.map((file) => rm(path.join(dir, file), { force: true })));
}
