import vscode = require('vscode');
import { findDeclaration, sourceFileParts, sourceGlob, suiteFileBase } from '../core/testSources';
import type { Log } from './log';

export interface TestLocation {
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
}

/** Enough files for any real project; a runaway glob must not read a monorepo's every test. */
const MAX_FILES = 200;

type SourceFiles = Map<string, { uri: vscode.Uri; text: string }[]>;

// One file search per build and set of suites; the latest build's files are kept, so showing it
// again, or with its passing tests, searches nothing new.
export class TestLocator {
  private readonly sources = new Map<string, Promise<SourceFiles>>();
  /** For tests. */
  searches = 0;
  lastFound: readonly vscode.Uri[] = [];

  constructor(private readonly log: Log) {}

  /** Locations keyed by `key(test)`, for the tests whose source was found. */
  async locate<T extends { suite: string; name: string }>(
    buildId: string,
    tests: readonly T[],
    key: (test: T) => string,
  ): Promise<Map<string, TestLocation>> {
    const located = new Map<string, TestLocation>();
    const glob = sourceGlob(tests.map((t) => t.suite));
    if (!glob || !vscode.workspace.workspaceFolders?.length) return located;
    const files = await this.filesFor(buildId, glob);
    for (const test of tests) {
      const base = suiteFileBase(test.suite);
      for (const { uri, text } of (base && files.get(base)) || []) {
        const extension = sourceFileParts(uri.path).extension;
        const range = extension && findDeclaration(text, extension, test.name);
        if (!range) continue;
        located.set(key(test), { uri, range: new vscode.Range(range.line, range.start, range.line, range.end) });
        break;
      }
    }
    this.log.info(`Test sources: ${located.size} of ${tests.length} test(s) located.`);
    return located;
  }

  forget(): void {
    this.sources.clear();
  }

  private filesFor(buildId: string, glob: string): Promise<SourceFiles> {
    const cacheKey = `${buildId} ${glob}`;
    let files = this.sources.get(cacheKey);
    if (!files) {
      files = this.search(glob).catch((error: unknown) => {
        this.log.warn(`Looking for test sources failed: ${error instanceof Error ? error.message : String(error)}`);
        return new Map();
      });
      for (const old of this.sources.keys()) if (!old.startsWith(`${buildId} `)) this.sources.delete(old);
      this.sources.set(cacheKey, files);
    }
    return files;
  }

  private async search(glob: string): Promise<SourceFiles> {
    this.searches++;
    // `undefined` as the exclude: VS Code applies files.exclude.
    const found = await vscode.workspace.findFiles(glob, undefined, MAX_FILES);
    this.lastFound = found;
    const files: SourceFiles = new Map();
    for (const uri of found) {
      const { base } = sourceFileParts(uri.path);
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      files.set(base, [...(files.get(base) ?? []), { uri, text }]);
    }
    this.log.info(`Test sources: ${found.length} file(s) found for ${glob}.`);
    return files;
  }
}
