// The source search of the Testing view without VS Code around it: 10,000 failed tests across 500
// Swift files, located by core/testSources.ts (each file scanned once for all its tests), against
// reading and splitting the same files once, the least any search must do.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateTests } from '../../src/core/testing/testSources';
import { alternateCpu, type Pair } from './measure';

const FILES = 500;
const TESTS_PER_FILE = 60;
const FAILED_PER_FILE = 20;

/** A suite of 60 tests of five lines each, with helpers and comments that mention test names too. */
function suiteSource(suite: string): string {
  const bodies = Array.from(
    { length: TESTS_PER_FILE },
    (_, i) =>
      `    // test${i}() covers case ${i}\n    func test${i}() throws {\n        let board = Board(seed: ${i})\n        XCTAssertTrue(board.check${i}())\n    }\n`,
  );
  return `import XCTest\n@testable import App\n\nfinal class ${suite}: XCTestCase {\n${bodies.join('\n')}}\n`;
}

export function locateTenThousandTests(): Pair & { located: number } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sources-'));
  try {
    const paths = new Map<string, string>();
    for (let f = 0; f < FILES; f++) {
      const suite = `Suite${f}Tests`;
      const path = join(dir, `m${f % 10}`, `${suite}.swift`);
      mkdirSync(join(dir, `m${f % 10}`), { recursive: true });
      writeFileSync(path, suiteSource(suite));
      paths.set(suite, path);
    }
    const tests = [...paths.keys()].flatMap((suite) =>
      Array.from({ length: FAILED_PER_FILE }, (_, i) => ({ suite, name: `test${(i * 7) % TESTS_PER_FILE}()` })),
    );
    const readAll = () => new Map([...paths].map(([suite, path]) => [suite, { path, text: readFileSync(path, 'utf8') }]));
    let located = 0;
    const subject = () => {
      const files = readAll();
      located = locateTests(tests, (base) => {
        const file = files.get(base);
        return file ? [file] : [];
      }).located.size;
    };
    const baseline = () => {
      for (const { text } of readAll().values()) text.split(/\r?\n/);
    };
    return { ...alternateCpu(subject, baseline, 21), located };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
