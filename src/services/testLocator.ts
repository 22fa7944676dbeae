import vscode = require('vscode');
import { loggedText } from '../core/text/serviceText';
import { locateTests, SOURCE_EXTENSIONS, sourceFileParts, sourceGlob, type SourceFile } from '../core/testing/testSources';
import { skippedText } from '../core/workspace/workspaceFile';
import type { Log } from './log';
import { readWorkspaceText } from './workspaceFiles';

export interface TestLocation {
  readonly uri: vscode.Uri;
  readonly range: vscode.Range;
}

/** Enough files for any real project; a runaway glob must not read a monorepo's every test. */
const MAX_FILES = 200;
/** The files of a search are kept (by build) until their tests are located: at most this much text (32 MiB of ASCII). */
const MAX_HELD_CHARS = 32 * 1024 * 1024;
/** The most tests of one build whose source is looked for; the rest are listed without a place. */
export const MAX_LOCATED = 2000;

type SourceFiles = Map<string, (SourceFile & { uri: vscode.Uri })[]>;

// One file search per build and set of suites; the latest build's files are kept, so showing it
// again, or with its passing tests, searches nothing new.
export class TestLocator {
  private readonly sources = new Map<string, Promise<SourceFiles>>();
  /** For tests. */
  searches = 0;
  scans = 0;
  lastFound: readonly vscode.Uri[] = [];

  constructor(private readonly log: Log) {}

  /** Only the first MAX_LOCATED tests are looked for, so put the failed ones first. */
  async locate<T extends { suite: string; name: string }>(
    buildId: string,
    tests: readonly T[],
    key: (test: T) => string,
  ): Promise<Map<string, TestLocation>> {
    const located = new Map<string, TestLocation>();
    const looked = tests.length > MAX_LOCATED ? tests.slice(0, MAX_LOCATED) : tests;
    const glob = sourceGlob(looked.map((t) => t.suite));
    if (!glob || !vscode.workspace.workspaceFolders?.length) return located;
    const files = await this.filesFor(buildId, glob);
    const found = locateTests(looked, (base) => files.get(base) ?? []);
    this.scans += found.scanned;
    for (const [test, { file, range }] of found.located) {
      located.set(key(test), { uri: file.uri, range: new vscode.Range(range.line, range.start, range.line, range.end) });
    }
    this.log.info(
      `Test sources: ${located.size} of ${tests.length} test(s) located in ${found.scanned} file(s)${looked.length < tests.length ? `; only the first ${MAX_LOCATED} were looked for` : ''}.`,
    );
    return located;
  }

  /** One search of the workspace for other files (a build's coverage); files.exclude applies. */
  async findFiles(glob: string, max: number): Promise<vscode.Uri[]> {
    this.searches++;
    const found = await vscode.workspace.findFiles(glob, undefined, max);
    this.log.info(
      loggedText(
        `Coverage sources: ${found.length} file(s) found for ${glob.length > 200 ? `${glob.slice(0, 200)}…` : glob}${found.length >= max ? ' (the most it asks for: later files are not matched)' : ''}.`,
      ),
    );
    return found;
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
    let held = 0;
    for (const [index, uri] of found.entries()) {
      if (held > MAX_HELD_CHARS) {
        this.log.warn(`Test sources: ${found.length - index} file(s) not read: the first held ${MAX_HELD_CHARS} characters.`);
        break;
      }
      const { base } = sourceFileParts(uri.path);
      const read = await readWorkspaceText(uri, SOURCE_EXTENSIONS);
      if (read.kind === 'skipped')
        this.log.warn(loggedText(`Test sources: ${skippedText(vscode.workspace.asRelativePath(uri), read.reason)}.`));
      if (read.kind !== 'read') continue;
      held += read.text.length;
      const named = files.get(base) ?? [];
      named.push({ uri, path: uri.path, text: read.text });
      files.set(base, named);
    }
    this.log.info(`Test sources: ${found.length} file(s) found for ${glob}.`);
    return files;
  }
}
