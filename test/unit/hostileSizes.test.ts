// Inputs a service or a workspace can send at any size: each path they feed stays linear, so the extension
// host never freezes on them. Each input is issue 47's, which froze the old code for seconds; the suite's
// ceiling below is far above what the linear code takes (milliseconds) and far below what the old took.
import * as assert from 'node:assert/strict';
import { FILE_NAME_MAX_BYTES, safeFileName } from '../../src/core/artifacts/fileName';
import { linesByFile, ranInReport } from '../../src/core/coverage/changedFunctions';
import { declaredName, findDeclaration } from '../../src/core/testing/testSources';

describe('hostile sizes stay linear', function () {
  // The old code took 16.5 s (declaredName), 30 s (safeFileName) and 10.4 s (ran in the report) here.
  this.timeout(2_000);

  it("a test name of 195 KiB of '(' is cut like the short one, and its source still found", () => {
    const name = `testLogin${'('.repeat(200_000)}`;
    assert.equal(declaredName(name), name, 'no closing parenthesis: nothing is cut');
    assert.equal(declaredName(`testLogin(${'('.repeat(200_000)})`), 'testLogin');
    assert.equal(findDeclaration('func testLogin() {}', 'swift', name), undefined);
  });

  it("cuts what /\\(.*\\)\\s*$/ cut, for every mix of '(', ')', breaks and spaces", () => {
    const old = (name: string) => (name.includes('(') ? name.replace(/\(.*\)\s*$/, '') : name).trim();
    const alphabet = ['(', ')', 'a', ' ', '\n', '\r', '\u2028', '\t'];
    let checked = 0;
    for (let length = 0; length <= 6; length++) {
      for (let n = 0; n < alphabet.length ** length; n++) {
        let name = '';
        for (let k = 0, rest = n; k < length; k++, rest = Math.floor(rest / alphabet.length)) name += alphabet[rest % alphabet.length];
        assert.equal(declaredName(name), old(name), JSON.stringify(name));
        checked++;
      }
    }
    assert.ok(checked > 290_000);
  });

  it('an artifact name of 80,000 characters becomes one capped name, its dots and spaces trimmed as before', () => {
    const spaced = `a${' '.repeat(80_000)}b.apk`;
    const name = safeFileName(spaced);
    assert.ok(Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES);
    assert.ok(name.startsWith('a') && name.endsWith('.apk'), name);
    assert.equal(safeFileName(`${'.'.repeat(80_000)}x${'. '.repeat(40_000)}`), 'x');
    assert.equal(safeFileName(`${'é'.repeat(80_000)}.ipa`), `${'é'.repeat((FILE_NAME_MAX_BYTES - 4) / 2)}.ipa`);
    assert.equal(safeFileName('ok name. .  .apk'), 'ok name. .  .apk');
  });

  it('20,000 changed functions against a report of 20,000 functions read each reported name once', () => {
    let reads = 0;
    const reported = Array.from({ length: 20_000 }, (_, i) => ({
      get name() {
        reads++;
        return `Generated.f${i}()`;
      },
      lines: { covered: i % 2, total: 1 },
    }));
    const ran = ranInReport(reported);
    const changed = Array.from({ length: 20_000 }, (_, i) => `f${i}`);
    assert.deepEqual(
      changed.filter((name) => ran.has(name)),
      changed.filter((_, i) => i % 2 === 1),
    );
    assert.ok(reads <= 20_000, `${reads} reads`);
  });

  it("200,000 changed functions of one file are marked on their lines, in order, the file's list built once", () => {
    const functions = Array.from({ length: 200_000 }, (_, i) => ({ file: i % 3 === 0 ? 'b.swift' : 'a.swift', line: i }));
    const byFile = linesByFile(functions, (f) => f.file);
    assert.equal(byFile.get('a.swift')?.length, 133_333);
    assert.deepEqual(byFile.get('b.swift')?.slice(0, 3), [0, 3, 6]);
  });
});
