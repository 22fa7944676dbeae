// A test's source is a file named after its suite (AuthTests.swift, .kt, .java or .m) declaring a function of its name.

export const SOURCE_EXTENSIONS = ['swift', 'kt', 'java', 'm'] as const;
export type SourceExtension = (typeof SOURCE_EXTENSIONS)[number];

export interface SourceRange {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

// The last part of a qualified name (com.myorg.app.AuthTest → AuthTest); undefined when that is not a
// plain identifier, which could not name a file we recognise and must not reach a glob.
export function suiteFileBase(suite: string): string | undefined {
  const base = suite.split(/[./]/).pop()?.trim() ?? '';
  return IDENTIFIER.test(base) ? base : undefined;
}

/** One glob for all the suites of a build, so the workspace is searched once; undefined when none can match. */
export function sourceGlob(suites: Iterable<string>): string | undefined {
  const bases = [...new Set([...suites].map(suiteFileBase).filter((b): b is string => b !== undefined))].sort();
  if (bases.length === 0) return undefined;
  const names = bases.length === 1 ? bases[0] : `{${bases.join(',')}}`;
  return `**/${names}.{${SOURCE_EXTENSIONS.join(',')}}`;
}

export function sourceFileParts(path: string): { base: string; extension?: SourceExtension } {
  const name = path.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name };
  const extension = name.slice(dot + 1);
  const known = (SOURCE_EXTENSIONS as readonly string[]).includes(extension) ? (extension as SourceExtension) : undefined;
  return { base: name.slice(0, dot), extension: known };
}

/**
 * The name a test is declared under: XCTest reports `testLogin()`, JUnit may add `()` too. What is cut is
 * what `/\(.*\)\s*$/` would match (from the line's first `(` to a closing `)` at the end), found with two
 * scans: the regex retried at every `(` and was quadratic in a service's name of many of them.
 */
export function declaredName(testName: string): string {
  const name = testName.trimEnd();
  const close = name.length - 1;
  if (name.charCodeAt(close) !== 41 /* ) */) return name.trim();
  let lineStart = close;
  while (lineStart > 0 && !isLineBreak(name.charCodeAt(lineStart - 1))) lineStart--;
  const open = name.indexOf('(', lineStart);
  return (open !== -1 && open < close ? name.slice(0, open) : name).trim();
}

/** What a regex's `.` does not match. */
function isLineBreak(code: number): boolean {
  return code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
}

// A test function's declaration, the name in group 1 (Kotlin's with backticks). `[^\S\n]` keeps a match within
// one line; one pattern serves all of a file's tests, so each file is scanned once.
export const DECLARATIONS: Readonly<Record<SourceExtension, RegExp>> = {
  swift: /\bfunc[^\S\n]+([^\s(]+)[^\S\n]*\(/g,
  kt: /\bfun[^\S\n]+(`[^`\n]+`|[^\s(`]+)[^\S\n]*\(/g,
  java: /\bvoid[^\S\n]+([^\s(]+)[^\S\n]*\(/g,
  m: /^[^\S\n]*-[^\S\n]*\([^\S\n]*void[^\S\n]*\)[^\S\n]*(\w+)/gm,
};

/** Each of `testNames` (as the service reports them) the file declares, at its first declaration, in one pass. */
export function findDeclarations(text: string, extension: SourceExtension, testNames: Iterable<string>): Map<string, SourceRange> {
  const wanted = new Map<string, string[]>(); // declared name → the reported names (testLogin() and testLogin are one)
  for (const testName of testNames) {
    const name = declaredName(testName);
    if (name) listIn(wanted, name).push(testName);
  }
  const found = new Map<string, SourceRange>();
  const pattern = DECLARATIONS[extension];
  pattern.lastIndex = 0;
  let line = 0;
  let lineStart = 0;
  for (let match = wanted.size > 0 ? pattern.exec(text) : null; match; match = wanted.size > 0 ? pattern.exec(text) : null) {
    const declared = match[1];
    const name = declared.startsWith('`') ? declared.slice(1, -1) : declared;
    const names = wanted.get(name);
    if (!names) continue;
    for (let next = text.indexOf('\n', lineStart); next !== -1 && next < match.index; next = text.indexOf('\n', lineStart)) {
      line++;
      lineStart = next + 1;
    }
    const start = match.index - lineStart + match[0].lastIndexOf(declared);
    for (const testName of names) found.set(testName, { line, start, end: start + declared.length });
    wanted.delete(name);
  }
  return found;
}

export function findDeclaration(text: string, extension: SourceExtension, testName: string): SourceRange | undefined {
  return findDeclarations(text, extension, [testName]).get(testName);
}

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

// Each file named after a suite is scanned once for all its tests; the first file declaring a test wins.
// `scanned` counts the files read through.
export function locateTests<T extends { readonly suite: string; readonly name: string }, F extends SourceFile>(
  tests: readonly T[],
  filesNamed: (base: string) => readonly F[],
): { located: Map<T, { file: F; range: SourceRange }>; scanned: number } {
  const bySuiteFile = new Map<string, T[]>();
  for (const test of tests) {
    const base = suiteFileBase(test.suite);
    if (base !== undefined) listIn(bySuiteFile, base).push(test);
  }
  const located = new Map<T, { file: F; range: SourceRange }>();
  let scanned = 0;
  for (const [base, suiteTests] of bySuiteFile) {
    let left = suiteTests;
    for (const file of filesNamed(base)) {
      const { extension } = sourceFileParts(file.path);
      if (left.length === 0) break;
      if (!extension) continue;
      scanned++;
      const ranges = findDeclarations(file.text, extension, new Set(left.map((test) => test.name)));
      left = left.filter((test) => {
        const range = ranges.get(test.name);
        if (range) located.set(test, { file, range });
        return !range;
      });
    }
  }
  return { located, scanned };
}

function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}
