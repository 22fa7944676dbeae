// What the user is told of a failure, in plain Node: the failures are the reference service's own (real
// HTTP on 127.0.0.1, the real client); the toast and its button's command come through
// services/windowApis.ts `NoticeApis`, which this test implements, clicking a button where it says so.
import * as assert from 'node:assert/strict';
import type { Account, Accounts } from '../../src/services/accounts/accounts';
import type { Log } from '../../src/services/log';
import { ErrorPresenter } from '../../src/services/errorPresenter';
import type { NoticeApis } from '../../src/services/windowApis';
import { CommandId } from '../../src/ids';
import { useReferenceService } from './clientFixture';

interface Shown {
  severity: string;
  text: string;
  buttons: string[];
}

/** The window: every toast shown, every command run; `click` is the button the user presses on each toast. */
function windowOf(click?: string) {
  const shown: Shown[] = [];
  const ran: unknown[][] = [];
  const apis: NoticeApis = {
    notify: <T extends string>(severity: string, text: string, ...buttons: T[]) => {
      shown.push({ severity, text, buttons });
      return Promise.resolve(buttons.find((b) => b === click));
    },
    executeCommand: (command, ...args) => Promise.resolve(void ran.push([command, ...args])),
  };
  return { apis, shown, ran };
}

/** An account as the presenter sees one: its address, label, token generation and the last 401 it was told. */
function accountAt(id: string, label: string) {
  return {
    id,
    label,
    tokens: { generation: 0 },
    lastAuthFailure: undefined as string | undefined,
    noticeShown: <T>(notice: Thenable<T>) => notice,
  };
}

function presenterFor(accounts: ReturnType<typeof accountAt>[], click?: string) {
  const window = windowOf(click);
  const all = accounts as unknown as Account[];
  const list = { all: () => all, ofUrl: (url: string) => all.find((a) => url.startsWith(a.id)) } as unknown as Accounts;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log;
  return { presenter: new ErrorPresenter(log, list, () => 30, window.apis), ...window };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the error presenter (what a failure tells the user)', () => {
  const fixture = useReferenceService();

  async function failureOf(request: Promise<unknown>): Promise<unknown> {
    return request.then(
      () => assert.fail('the request was to fail'),
      (error: unknown) => error,
    );
  }

  it("a rejected token is said once per account and token, in the service's words; a new token or a request that went through makes it news again", async () => {
    const account = accountAt(fixture.service.baseUrl, 'Builds');
    const { presenter, shown } = presenterFor([account]);
    const rejected = () => failureOf(fixture.client({ getToken: () => Promise.resolve('not-a-valid-token') }).listApps());
    presenter.present(await rejected(), 'Loading apps');
    presenter.present(await rejected(), 'Loading apps');
    assert.equal(shown.length, 1, 'a view refreshing asks again: the same 401 is not said twice');
    assert.deepEqual(shown[0]?.buttons, ['Set Access Token', 'Open Dashboard']);
    assert.match(shown[0]?.text ?? '', /Set a personal access token from the dashboard\.$/);
    account.tokens.generation++;
    presenter.present(await rejected(), 'Loading apps');
    assert.equal(shown.length, 2, 'another token: its rejection is news');
    presenter.succeeded(account as unknown as Account);
    presenter.present(await rejected(), 'Loading apps');
    assert.equal(shown.length, 3, 'after a success, a rejection is news again');
  });

  it('every other failure is said each time someone asks', async () => {
    const { presenter, shown } = presenterFor([accountAt(fixture.service.baseUrl, 'Builds')]);
    fixture.service.setFault('GET /apps', { status: 503 });
    const client = fixture.client();
    presenter.present(await failureOf(client.listApps()), 'Loading apps');
    presenter.present(await failureOf(client.listApps()), 'Loading apps');
    assert.equal(shown.length, 2);
    assert.equal(shown[0]?.severity, 'warning', 'the service is down for now: a warning, not an error of ours');
  });

  it("with two accounts a 401 names its account, and Set Access Token sets that account's token", async () => {
    const other = accountAt('https://staging.example/v1', 'Staging');
    const mine = accountAt(fixture.service.baseUrl, 'Builds');
    const { presenter, shown, ran } = presenterFor([other, mine], 'Set Access Token');
    presenter.present(await failureOf(fixture.client({ getToken: () => Promise.resolve('revoked') }).listApps()), 'Loading apps');
    await settle();
    assert.match(shown[0]?.text ?? '', /^Builds: /);
    assert.deepEqual(ran, [[CommandId.setAccessToken, mine.id]]);
  });
});
