import * as assert from 'node:assert/strict';
import type { ApiErrorKind } from '../../src/api/errors';
import { notReady } from '../../src/core/accounts/connection';
import { describeFailure } from '../../src/core/text/errorMessages';
import { ACTION_LABELS, fixCommand, viewFix } from '../../src/core/text/fixActions';

const labels = (kind: ApiErrorKind, extra: { status?: number; serverMessage?: string } = {}) =>
  describeFailure({ kind, ...extra }, 30)?.actions.map((a) => ACTION_LABELS[a]);

describe('error messages', () => {
  it("401 shows the service's own words with Set Access Token and Open Dashboard", () => {
    for (const serverMessage of ['No authorization token was found', 'Invalid authorization token']) {
      const m = describeFailure({ kind: 'unauthorized', status: 401, serverMessage }, 30);
      assert.equal(m?.severity, 'error');
      assert.equal(m?.message, `${serverMessage}. Set a personal access token from the dashboard.`);
    }
    assert.deepEqual(labels('unauthorized', { status: 401 }), ['Set Access Token', 'Open Dashboard']);
  });

  it('503 and 504 are a warning with Open Status Page and Retry', () => {
    for (const status of [503, 504]) {
      const m = describeFailure({ kind: 'unavailable', status }, 30);
      assert.equal(m?.severity, 'warning');
      assert.match(m?.message ?? '', /temporarily unavailable/);
      assert.deepEqual(labels('unavailable', { status }), ['Open Status Page', 'Retry']);
    }
  });

  it("a view's Retry runs the view's reload with what failed; without Retry the first fix, unchanged", () => {
    const unavailable = describeFailure({ kind: 'unavailable', status: 503 }, 30);
    assert.ok(unavailable);
    const failed = { app: 'the node whose builds failed' };
    assert.deepEqual(viewFix(unavailable), { title: 'Retry', command: 'buildService.refresh' });
    assert.deepEqual(viewFix(unavailable, { command: 'buildService.refresh', arguments: [failed] }), {
      title: 'Retry',
      command: 'buildService.refresh',
      arguments: [failed],
    });
    const broken = describeFailure({ kind: 'server-error', status: 500 }, 30);
    assert.ok(broken);
    assert.deepEqual(viewFix(broken, { command: 'buildService.refresh', arguments: [failed] }), {
      title: 'Show Log',
      command: 'buildService.showLog',
    });
  });

  it('everything else is one sentence with Show Log', () => {
    for (const kind of ['network', 'timeout', 'invalid-response', 'bad-request', 'not-found', 'server-error'] as const) {
      const m = describeFailure({ kind }, 30);
      assert.deepEqual(m?.actions, ['showLog'], kind);
      assert.match(m?.message ?? '', /^[A-Z].*\.$/, kind);
    }
  });

  it('no address, an invalid one, no token: the reason and the click that fixes it', () => {
    const say = (reason: Parameters<typeof notReady>[0]) => {
      const m = describeFailure(notReady(reason), 30);
      assert.ok(m);
      return { severity: m.severity, message: m.message, short: m.short, fixes: m.actions.map((a) => fixCommand(m, a)) };
    };
    const openBaseUrl = { title: 'Open Settings', command: 'buildService.openSettings', arguments: ['buildService.baseUrl'] };
    assert.deepEqual(say({ kind: 'not-configured' }), {
      severity: 'warning',
      message: "No build service address is set. Set buildService.baseUrl to your build service's /v1 address.",
      short: 'No service address set',
      fixes: [openBaseUrl],
    });
    assert.deepEqual(say({ kind: 'invalid-setting', problem: 'it must end in the API version segment /v1' }), {
      severity: 'warning',
      message: 'The setting buildService.baseUrl is not valid: it must end in the API version segment /v1.',
      short: 'The service address is not valid',
      fixes: [openBaseUrl],
    });
    assert.deepEqual(say({ kind: 'no-token' }), {
      severity: 'error',
      message: 'No access token is set. Set a personal access token from the dashboard.',
      short: 'No access token is set.',
      fixes: [
        { title: 'Set Access Token', command: 'buildService.setAccessToken' },
        { title: 'Open Dashboard', command: 'buildService.openDashboard' },
      ],
    });
    // A view's node does what the notification's first button does.
    const invalid = describeFailure(notReady({ kind: 'invalid-setting', problem: 'x' }), 30);
    assert.ok(invalid);
    assert.deepEqual(viewFix(invalid), openBaseUrl);
  });

  it('says nothing about a cancellation', () => {
    assert.equal(describeFailure({ kind: 'cancelled' }, 30), undefined);
  });

  it('strips control characters from the server message', () => {
    const m = describeFailure({ kind: 'unauthorized', serverMessage: 'bad\u0007\ntoken' }, 30);
    assert.ok(m?.message.startsWith('bad token.'));
  });
});
