// "Is what I changed tested?": a diff's changed lines, the functions a file declares and which of them the
// changes touch, and whether the coverage says each ran.
import * as assert from 'node:assert/strict';
import {
  changedFunctionsText,
  changedLines,
  coverageByPath,
  functionExtents,
  ranInReport,
  touchedFunctions,
} from '../../src/core/coverage/changedFunctions';

const SWIFT = [
  'final class Merger {', //  0
  '    func merge() {', //    1
  '        a += 1', //        2
  '    }', //                 3
  '    func slide() {', //    4
  '        b += 1', //        5
  '    }', //                 6
  '    func score() {', //    7
  '        c += 1', //        8
  '    }', //                 9
  '}', //                    10
].join('\n');

describe('changed functions', () => {
  it("reads a unified diff's added lines, not its context; lines only deleted mark the line after them", () => {
    const diff = [
      '--- a/x',
      '+++ b/x',
      '@@ -1,5 +1,6 @@',
      ' one',
      ' two',
      '-three',
      '+THREE',
      '+three and a half',
      ' four',
      ' five',
      '@@ -20,4 +21,2 @@',
      ' p',
      '-q',
      '-r',
      ' s',
    ].join('\n');
    assert.deepEqual(changedLines(diff), [
      { start: 2, end: 3 },
      { start: 21, end: 21 },
    ]);
  });

  it('finds each declared function, to the line before the next', () => {
    assert.deepEqual(
      functionExtents('Merger.swift', SWIFT).map((f) => [f.name, f.start, f.end]),
      [
        ['merge', 1, 3],
        ['slide', 4, 6],
        ['score', 7, 10],
      ],
    );
    assert.deepEqual(functionExtents('notes.txt', SWIFT), []);
  });

  it('names the functions the changes touch, once each, a range across two naming both', () => {
    const extents = functionExtents('Merger.swift', SWIFT);
    assert.deepEqual(
      touchedFunctions(extents, [
        { start: 2, end: 2 },
        { start: 2, end: 2 },
      ]).map((f) => f.name),
      ['merge'],
    );
    assert.deepEqual(
      touchedFunctions(extents, [{ start: 3, end: 5 }]).map((f) => f.name),
      ['merge', 'slide'],
    );
    assert.deepEqual(touchedFunctions(extents, [{ start: 0, end: 0 }]), []);
  });

  it('a function ran when its report has covered lines (or a fraction above 0 without lines)', () => {
    const report = [
      { name: 'Merger.merge()', lines: { covered: 2, total: 4 } },
      { name: 'Merger.slide()', lines: { covered: 0, total: 4 } },
      { name: 'Merger.spawn()', coverage: 0.5 },
    ];
    const ran = ranInReport(report);
    assert.ok(ran.has('merge'));
    assert.ok(!ran.has('slide'));
    assert.ok(ran.has('spawn'));
    assert.ok(!ran.has('score'), 'not in the report: not run');
    assert.equal(changedFunctionsText(7, 10), 'changed functions run by tests: 7 of 10');
  });

  it("finds a repository path's file in a report made in another clone, by name then path suffix", () => {
    const fileIn = coverageByPath([
      { path: '/Users/builder/clone/ios/Other/Merger.swift' },
      { path: '/Users/builder/clone/ios/m2048/Merger.swift' },
      { path: 'Score.swift' },
    ]);
    assert.equal(fileIn('ios/m2048/Merger.swift')?.path, '/Users/builder/clone/ios/m2048/Merger.swift');
    assert.equal(fileIn('ios/m2048/Board.swift'), undefined);
    assert.equal(fileIn('Score.swift')?.path, 'Score.swift');
  });
});
