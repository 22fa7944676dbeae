import * as assert from 'node:assert/strict';
import { completionMessage } from '../../src/core/builds/buildLook';
import { statusBarText } from '../../src/core/branch/statusBarText';
import { checkAppId } from '../../src/core/settings/validateBranch';
import { mapPooled } from '../../src/core/apps/pool';

describe('current branch status-bar text', () => {
  it('shows the state as a codicon with build number and branch', () => {
    const cases = [
      ['running', '$(sync~spin) #12 main'],
      ['success', '$(pass) #12 main'],
      ['failed', '$(error) #12 main'],
      ['cancelled', '$(circle-slash) #12 main'],
      ['queued', '$(clock) #12 main'],
    ] as const;
    for (const [status, text] of cases)
      assert.equal(statusBarText('main', [{ appName: 'A', build: { status, buildNumber: 12 } }]).text, text);
  });

  it('lists every app in a plain-text tooltip and shows up to three builds', () => {
    const { text, tooltip } = statusBarText('develop', [
      { appName: '2048 iOS App', build: { status: 'success', buildNumber: 7 } },
      { appName: '2048 Android App', build: { status: 'failed', buildNumber: 3 } },
      { appName: 'Nouvelle', build: undefined },
    ]);
    assert.equal(text, '$(pass) #7 $(error) #3 develop');
    assert.equal(
      tooltip,
      'Build Service — branch develop\n2048 iOS App: build #7 succeeded\n2048 Android App: build #3 failed\nNouvelle: no builds of this branch yet\nClick to show it in the Current Branch view.',
    );
    const many = statusBarText(
      'x',
      [1, 2, 3, 4, 5].map((n) => ({ appName: `A${n}`, build: { status: 'success' as const, buildNumber: n } })),
    );
    assert.equal(many.text, '$(pass) #1 $(pass) #2 $(pass) #3 +2 x');
  });

  it('says when the branch has no builds, and never draws icons from a branch name', () => {
    assert.equal(statusBarText('feature/$(rocket)', [{ appName: 'A' }]).text, '$(git-branch) feature/\\$(rocket): no builds');
  });

  it('a name from the service adds no line to the tooltip and no direction override to the text', () => {
    const { text, tooltip } = statusBarText('fix/\u202Eevil', [{ appName: 'A\nClick to show it in the Current Branch view.' }]);
    assert.equal(text, '$(git-branch) fix/evil: no builds');
    assert.deepEqual(tooltip.split('\n'), [
      'Build Service — branch fix/evil',
      'A Click to show it in the Current Branch view.: no builds of this branch yet',
      'Click to show it in the Current Branch view.',
    ]);
  });
});

describe('completion message', () => {
  const build = (status: 'success' | 'failed' | 'cancelled') => ({ id: 'b1', status, buildNumber: 12, commit: { branch: 'main' } });
  it('reads as a sentence per outcome', () => {
    assert.equal(completionMessage(build('success'), '2048 iOS App'), 'Build #12 of 2048 iOS App on main succeeded');
    assert.equal(completionMessage(build('failed'), '2048 iOS App'), 'Build #12 of 2048 iOS App on main failed');
    assert.equal(completionMessage(build('cancelled'), '2048 iOS App'), 'Build #12 of 2048 iOS App on main was cancelled');
  });
});

describe('buildService.appId check', () => {
  it('accepts empty and any id without spaces (hexadecimal ones lower-cased), refuses the rest with a reason', () => {
    assert.deepEqual(checkAppId(''), { ok: true, value: '' });
    assert.deepEqual(checkAppId(undefined), { ok: true, value: '' });
    assert.deepEqual(checkAppId(' 58A4E07838704CB2EACD7CE4 '), { ok: true, value: '58a4e07838704cb2eacd7ce4' });
    // Real ids were not always 24 hex digits (API.md 2b): "1", 18 to 26 characters.
    for (const id of ['1', '123456789101112', 'a1B2c3D4e5F6g7H8i9', 'app_01HZX3-Q9'])
      assert.deepEqual(checkAppId(id), { ok: true, value: /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : id });
    for (const bad of ['2048 iOS App', 'ab\u202Ecd', 'x'.repeat(101), 'tab\tinside']) {
      const checked = checkAppId(bad);
      assert.equal(checked.ok, false, bad);
      assert.match(checked.ok ? '' : checked.problem, /not an app ID/);
    }
    assert.equal(checkAppId(42).ok, false);
  });

  it('takes an account label before the id (it may have spaces), the id checked as alone', () => {
    assert.deepEqual(checkAppId(' Staging (2) / 58A4E07838704CB2EACD7CE4 '), { ok: true, value: 'Staging (2)/58a4e07838704cb2eacd7ce4' });
    assert.deepEqual(checkAppId('client.example.com/app_01'), { ok: true, value: 'client.example.com/app_01' });
    for (const bad of ['staging/2048 iOS App', 'staging/', 'x'.repeat(61) + '/ab', 'st\u202Eaging/ab'])
      assert.equal(checkAppId(bad).ok, false, bad);
  });
});

describe('mapPooled', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const out = await mapPooled([5, 1, 4, 2, 3, 0, 6, 7, 8], async (n) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 2;
    });
    assert.deepEqual(out, [10, 2, 8, 4, 6, 0, 12, 14, 16]);
    assert.equal(most, 4);
  });

  it('starts nothing more after a failure (an aborted sweep stops asking)', async () => {
    const started: number[] = [];
    const failing = mapPooled([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], async (n) => {
      started.push(n);
      await new Promise((r) => setTimeout(r, 1));
      if (n === 1) throw new Error('cancelled');
      return n;
    });
    await assert.rejects(failing, /cancelled/);
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(!started.includes(9), `started: ${started.join(', ')}`);
  });
});
