import * as assert from 'node:assert/strict';
import type { ApiErrorKind } from '../../src/api/errors';
import { ACTION_LABELS, describeFailure } from '../../src/core/errorMessages';

const labels = (kind: ApiErrorKind, extra: { status?: number; serverMessage?: string } = {}) =>
  describeFailure({ kind, ...extra }, 30)?.actions.map((a) => ACTION_LABELS[a]);

describe('error messages', () => {
  it("401 shows the service's own words with Set Access Token and Open Dashboard", () => {
    for (const serverMessage of ['No authorization token was found', 'Invalid authorization token']) {
      const m = describeFailure({ kind: 'unauthorized', status: 401, serverMessage }, 30);
      assert.equal(m?.severity, 'error');
      assert.equal(m?.message, `${serverMessage}. Set a personal access token from the dashboard to see your apps.`);
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

  it('everything else is one sentence with Show Log', () => {
    for (const kind of ['network', 'timeout', 'invalid-response', 'bad-request', 'not-found', 'server-error'] as const) {
      const m = describeFailure({ kind }, 30);
      assert.deepEqual(m?.actions, ['showLog'], kind);
      assert.match(m?.message ?? '', /^[A-Z].*\.$/, kind);
    }
  });

  it('says nothing about a cancellation', () => {
    assert.equal(describeFailure({ kind: 'cancelled' }, 30), undefined);
  });

  it('strips control characters from the server message', () => {
    const m = describeFailure({ kind: 'unauthorized', serverMessage: 'bad\u0007\ntoken' }, 30);
    assert.ok(m?.message.startsWith('bad token.'));
  });
});
