import * as assert from 'node:assert/strict';
import { checkTimeoutSeconds, checkWebAddress } from '../../src/core/settings/validate';
import { checkBaseBranchName } from '../../src/core/settings/validateBranch';
import { checkBaseBranch } from '../../src/core/testing/comparisonSettings';

describe('settings checks', () => {
  it('web addresses: empty is "not set", http(s) is kept without a trailing slash', () => {
    assert.deepEqual(checkWebAddress(''), { ok: true, value: '' });
    assert.deepEqual(checkWebAddress(undefined), { ok: true, value: '' });
    assert.deepEqual(checkWebAddress(' https://dash.example.com/ '), { ok: true, value: 'https://dash.example.com' });
    assert.deepEqual(checkWebAddress('http://status.example.com/page'), { ok: true, value: 'http://status.example.com/page' });
  });

  it('web addresses: other schemes, credentials and non-addresses are refused', () => {
    for (const bad of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'command:workbench.action.quit',
      'https://u:p@x.example',
      'dashboard',
      42,
    ]) {
      assert.equal(checkWebAddress(bad).ok, false, String(bad));
    }
  });

  it('timeout: default 30, 1 to 300 accepted, anything else refused', () => {
    assert.deepEqual(checkTimeoutSeconds(undefined), { ok: true, value: 30 });
    assert.deepEqual(checkTimeoutSeconds(1), { ok: true, value: 1 });
    assert.deepEqual(checkTimeoutSeconds(300), { ok: true, value: 300 });
    for (const bad of [0, 301, -5, Number.NaN, '30']) assert.equal(checkTimeoutSeconds(bad).ok, false, String(bad));
  });

  it('baseBranch: a branch name, trimmed; a leading "-" (an option to Git) is refused and said why', () => {
    assert.deepEqual(checkBaseBranchName(' main '), { ok: true, value: 'main' });
    assert.deepEqual(checkBaseBranchName('release/2.0'), { ok: true, value: 'release/2.0' });
    assert.deepEqual(checkBaseBranchName(undefined), { ok: true, value: '' });
    assert.deepEqual(checkBaseBranchName('--upload-pack=touch /tmp/x'), {
      ok: false,
      problem: '"--upload-pack=touch /tmp/x" starts with "-", which no branch name does',
    });
    assert.equal(checkBaseBranch('-main'), undefined, 'the comparison takes no base from it');
    assert.equal(checkBaseBranch(' -main'), undefined);
    assert.equal(checkBaseBranch('main'), 'main');
    for (const bad of ['a b', 'a..b', 'a~1', 'x@{1}', 'a\u0007b', 42]) assert.equal(checkBaseBranchName(bad).ok, false, String(bad));
  });
});
