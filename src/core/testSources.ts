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

/** The name a test is declared under: XCTest reports `testLogin()`, JUnit may add `()` too. */
export function declaredName(testName: string): string {
  return testName.replace(/\(.*\)\s*$/, '').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function declarationPattern(extension: SourceExtension, name: string): RegExp {
  const n = escapeRegExp(name);
  switch (extension) {
    case 'swift':
      return new RegExp(`\\bfunc\\s+(?<name>${n})\\s*\\(`);
    case 'kt':
      // Kotlin tests may be named with spaces between backticks: fun `logs in`().
      return new RegExp(`\\bfun\\s+(?<name>${n}|\`${n}\`)\\s*\\(`);
    case 'java':
      return new RegExp(`\\bvoid\\s+(?<name>${n})\\s*\\(`);
    case 'm':
      return new RegExp(`^\\s*-\\s*\\(\\s*void\\s*\\)\\s*(?<name>${n})\\b`);
  }
}

export function findDeclaration(text: string, extension: SourceExtension, testName: string): SourceRange | undefined {
  const name = declaredName(testName);
  if (!name) return undefined;
  const pattern = declarationPattern(extension, name);
  const lines = text.split(/\r?\n/);
  for (let line = 0; line < lines.length; line++) {
    const match = pattern.exec(lines[line]);
    const found = match?.groups?.name;
    if (match && found !== undefined) {
      const start = match.index + match[0].indexOf(found);
      return { line, start, end: start + found.length };
    }
  }
  return undefined;
}
