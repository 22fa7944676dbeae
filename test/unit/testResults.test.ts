// How test results are grouped for the Testing view, and how a test's source is found by name.
import * as assert from 'node:assert/strict';
import type { TestResult } from '../../src/api/models';
import { findDeclaration, sourceFileParts, sourceGlob, suiteFileBase } from '../../src/core/testSources';
import { failureMessage, leavesOf, testTree, type TestGroup } from '../../src/core/testTree';

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
});
