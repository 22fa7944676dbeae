// How test results are grouped for the Testing view, and how a test's source is found by name.
import * as assert from 'node:assert/strict';
import type { TestResult } from '../../src/api/models';
import {
  findDeclaration,
  findDeclarations,
  locateTests,
  sourceFileParts,
  sourceGlob,
  suiteFileBase,
} from '../../src/core/testing/testSources';
import { failureMessage, leavesOf, TESTS_SHOWN_MAX, testsShown, testTree, type TestGroup } from '../../src/core/testing/testTree';

const results: TestResult[] = [
  { run: 'iPhone 15 Pro', target: 'm2048Tests', suite: 'AuthTests', name: 'testLogin()', status: 'failed' },
  { run: 'iPhone 15 Pro', target: 'm2048Tests', suite: 'BoardTests', name: 'testMergeTiles()', status: 'passed' },
  { run: 'iPad Air', target: 'm2048Tests', suite: 'AuthTests', name: 'testLogin()', status: 'passed' },
  { name: 'orphan', status: 'weird' },
];

describe('test results as a tree', () => {
  it('groups run → target → suite → test in the order received, with unique ids', () => {
    const tree = testTree(results);
    const shape = (g: TestGroup): unknown => [g.label, g.children.map((c) => ('children' in c ? shape(c) : `${c.name}:${c.outcome}`))];
    assert.deepEqual(tree.map(shape), [
      [
        'iPhone 15 Pro',
        [
          [
            'm2048Tests',
            [
              ['AuthTests', ['testLogin():failed']],
              ['BoardTests', ['testMergeTiles():passed']],
            ],
          ],
        ],
      ],
      ['iPad Air', [['m2048Tests', [['AuthTests', ['testLogin():passed']]]]]],
      ['Unknown device', [['Tests', [['Tests', ['orphan:skipped']]]]]],
    ]);
    const ids = leavesOf(tree).map((l) => l.id);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('a failure names the test, build, app, branch and device', () => {
    const [leaf] = leavesOf(testTree(results));
    assert.equal(
      failureMessage(leaf, { label: '#12', appName: '2048 iOS App', branch: 'develop' }),
      'testLogin() failed in build #12 of 2048 iOS App on develop, on iPhone 15 Pro.',
    );
  });
});

describe('the tests the Testing view lists', () => {
  const many = (count: number, status: string, from = 0): TestResult[] =>
    Array.from({ length: count }, (_, i) => ({ suite: `Suite${from + i}`, name: 'testExample()', status }));

  it(`at most ${TESTS_SHOWN_MAX}, the failed ones first, each kind in the order sent; all of a shorter list as sent`, () => {
    const passedThenFailed = [...many(1_500, 'passed'), ...many(600, 'failed', 1_500)];
    const shown = testsShown(passedThenFailed);
    assert.equal(shown.length, TESTS_SHOWN_MAX);
    assert.deepEqual(
      [shown[0]?.suite, shown[599]?.suite, shown[600]?.suite, shown.at(-1)?.suite],
      ['Suite1500', 'Suite2099', 'Suite0', 'Suite399'],
    );
    const sameNamed = many(10_000, 'failed');
    assert.deepEqual(testsShown(sameNamed), sameNamed.slice(0, TESTS_SHOWN_MAX));
    assert.equal(testsShown(results), results);
  });

  it(`counts ${TESTS_SHOWN_MAX} tests, not results: a test reported once per retry is one row, and a test named twice keeps its first report`, () => {
    // A retried test is reported again: 1,200 reports of one failed test ahead of 1,500 other tests.
    const retried = Array.from({ length: 1_200 }, (): TestResult => ({ suite: 'Flaky', name: 'testRetry()', status: 'failed' }));
    const listed = leavesOf(testTree(testsShown([...retried, ...many(1_500, 'passed')])));
    assert.equal(listed.length, TESTS_SHOWN_MAX);
    assert.deepEqual(
      [listed[0]?.name, listed[0]?.outcome, listed[1]?.suite, listed.at(-1)?.suite],
      ['testRetry()', 'failed', 'Suite0', 'Suite998'],
    );
    // Listed as when the list is short: the first report of a name is the one shown, wherever the cut falls.
    const passedFirst = [
      { suite: 'Twice', name: 'testTwice()', status: 'passed' },
      ...many(1_100, 'passed'),
      { suite: 'Twice', name: 'testTwice()', status: 'failed' },
    ];
    const twice = leavesOf(testTree(testsShown(passedFirst))).find((leaf) => leaf.suite === 'Twice');
    assert.equal(twice?.outcome, 'passed');
    // More than the most reports of fewer tests than the most: all of them, as sent.
    const fewTests = [...retried, ...many(500, 'passed')];
    assert.equal(testsShown(fewTests), fewTests);
  });
});

describe('test sources', () => {
  it('names the file after the last part of the suite, and never globs a strange name', () => {
    assert.equal(suiteFileBase('AuthTests'), 'AuthTests');
    assert.equal(suiteFileBase('com.myorg.app.AuthTest'), 'AuthTest');
    assert.equal(suiteFileBase('MyAppTests/BoardTests'), 'BoardTests');
    assert.equal(suiteFileBase('Auth {Tests}'), undefined);
    assert.equal(sourceGlob(['BoardTests', 'AuthTests', 'com.x.AuthTests', '**']), '**/{AuthTests,BoardTests}.{swift,kt,java,m}');
    assert.equal(sourceGlob(['AuthTests']), '**/AuthTests.{swift,kt,java,m}');
    assert.equal(sourceGlob(['*']), undefined);
    assert.deepEqual(sourceFileParts('/w/Tests/AuthTests.kt'), { base: 'AuthTests', extension: 'kt' });
    assert.deepEqual(sourceFileParts('/w/AuthTests.txt'), { base: 'AuthTests', extension: undefined });
  });

  it('finds the declaration in Swift, Kotlin, Java and Objective-C, and only a declaration', () => {
    const swift =
      'class AuthTests: XCTestCase {\n    // testLogin() is flaky\n    func testLoginTwice() {}\n    func testLogin() throws {\n';
    assert.deepEqual(findDeclaration(swift, 'swift', 'testLogin()'), { line: 3, start: 9, end: 18 });
    const kotlin = 'class AuthTest {\n  @Test\n  fun loginSucceeds() {\n  }\n  @Test fun `logs out cleanly`() {}\n}';
    assert.deepEqual(findDeclaration(kotlin, 'kt', 'loginSucceeds'), { line: 2, start: 6, end: 19 });
    assert.deepEqual(findDeclaration(kotlin, 'kt', 'logs out cleanly'), { line: 4, start: 12, end: 30 });
    const java = 'public class AuthTest {\n    @Test\n    public void tokenRefreshes() throws Exception {\n';
    assert.deepEqual(findDeclaration(java, 'java', 'tokenRefreshes()'), { line: 2, start: 16, end: 30 });
    const objc = '@implementation AuthTests\n- (void)setUp {}\n- (void) testLogout {\n';
    assert.deepEqual(findDeclaration(objc, 'm', 'testLogout'), { line: 2, start: 9, end: 19 });
    assert.equal(findDeclaration(swift, 'swift', 'testLog()'), undefined);
    assert.equal(findDeclaration('let x = testLogin()', 'swift', 'testLogin()'), undefined);
    assert.equal(findDeclaration(swift, 'swift', 'a.*b'), undefined);
  });

  it('finds all the tests of a file in one pass, each where it is found alone', () => {
    // 3,000 lines: a declaration every third line, helpers and comments that name tests between them.
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++) lines.push(`    func test${i}() throws {`, `        helper${i}() // test${i}() calls it`, '    }');
    const swift = lines.join('\n');
    const names = [...Array.from({ length: 1000 }, (_, i) => `test${999 - i}()`), 'test5', 'testMissing()', ''];
    const found = findDeclarations(swift, 'swift', names);
    for (const name of names.filter((_, i) => i % 25 === 0 || i >= 1000)) {
      assert.deepEqual(found.get(name), findDeclaration(swift, 'swift', name), name);
    }
    assert.deepEqual(found.get('test999()'), { line: 2997, start: 9, end: 16 });
    assert.deepEqual(found.get('test5'), { line: 15, start: 9, end: 14 });
    assert.equal(found.size, 1001);
    const kotlin = 'class A {\n  @Test fun `logs out cleanly`() {}\n  fun loginSucceeds() {}\n}';
    assert.deepEqual(
      [...findDeclarations(kotlin, 'kt', ['loginSucceeds', 'logs out cleanly'])],
      [
        ['logs out cleanly', { line: 1, start: 12, end: 30 }],
        ['loginSucceeds', { line: 2, start: 6, end: 19 }],
      ],
    );
  });

  it("locates each suite's tests scanning each file once, in the first file that declares them", () => {
    const file = (path: string, ...tests: string[]) => ({ path, text: tests.map((t) => `func ${t}() {}`).join('\n') });
    const files: Record<string, ReturnType<typeof file>[]> = {
      AuthTests: [file('/w/a/AuthTests.swift', 'testLogin'), file('/w/b/AuthTests.swift', 'testLogin', 'testLogout')],
      BoardTests: [file('/w/BoardTests.txt', 'testMerge'), file('/w/BoardTests.swift', 'testMerge')],
      SettingsTests: [file('/w/SettingsTests.swift', 'testDarkMode')],
    };
    const tests = [
      { suite: 'AuthTests', name: 'testLogin()' },
      { suite: 'com.other.AuthTests', name: 'testLogout()' },
      { suite: 'BoardTests', name: 'testMerge()' },
      { suite: 'BoardTests', name: 'testNowhere()' },
      { suite: 'Strange {Suite}', name: 'testLogin()' },
    ];
    const asked: string[] = [];
    const { located, scanned } = locateTests(tests, (base) => (asked.push(base), files[base] ?? []));
    assert.deepEqual(
      tests.map((t) => located.get(t)?.file.path),
      ['/w/a/AuthTests.swift', '/w/b/AuthTests.swift', '/w/BoardTests.swift', undefined, undefined],
    );
    assert.deepEqual(asked, ['AuthTests', 'BoardTests'], 'each suite file name asked for once; SettingsTests has no test');
    assert.equal(scanned, 3, 'both AuthTests files (the first lacks testLogout) and the one BoardTests source; the .txt is not read');
  });
});
