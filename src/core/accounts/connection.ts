// Why the build service cannot be asked yet, as a failure: services/accounts/session.ts finds the reason, and
// every command, view and chat tool reports the ApiError made here, which errorMessages.ts puts in words.
import { ApiError } from '../../api/errors';
import { Setting } from '../../ids';

/** What Session.connection() answers when the service cannot be asked. */
export type NotReady = { kind: 'not-configured' } | { kind: 'invalid-setting'; problem: string } | { kind: 'no-token' };

/** The reason as the failure a command rejects with; its message is for the log. */
export function notReady(reason: NotReady): ApiError {
  switch (reason.kind) {
    case 'not-configured':
      return new ApiError('not-configured', `${Setting.baseUrl} is not set; nothing was sent.`);
    case 'invalid-setting':
      return new ApiError('invalid-setting', `${Setting.baseUrl} is not valid (${reason.problem}); nothing was sent.`, {
        problem: reason.problem,
      });
    case 'no-token':
      return new ApiError('missing-token', 'No access token is set for the build service; nothing was sent.');
  }
}
