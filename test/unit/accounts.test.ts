// The rules of accounts in plain Node: their keys, the stored list, labels, and which one a workspace chose.
import * as assert from 'node:assert/strict';
import {
  accountIdOf,
  chooseAccount,
  labelProblem,
  readStoredAccounts,
  secretKeyOf,
  SETTINGS_TOKEN_KEY,
  suggestLabel,
} from '../../src/core/accounts/accounts';
import { triggerQuestion } from '../../src/core/tools/toolAnswers';

describe('accounts', () => {
  it('an account is keyed by its address as requests go to it: one account however the address is typed', () => {
    assert.equal(accountIdOf(' HTTPS://API.Example.com/v1/ '), 'https://api.example.com/v1');
    assert.equal(accountIdOf('https://api.example.com/v1'), accountIdOf('https://api.example.com/v1/'));
    assert.notEqual(accountIdOf('https://a.example.com/v1'), accountIdOf('https://b.example.com/v1'));
    assert.throws(() => accountIdOf('https://api.example.com'), /\/v1/);
    // Each account's token has a key of its own, never the one of buildService.baseUrl's account.
    assert.notEqual(secretKeyOf(accountIdOf('https://api.example.com/v1')), SETTINGS_TOKEN_KEY);
  });

  it('the stored list keeps only addresses with a name, each address once, and nothing else', () => {
    const raw = [
      { baseUrl: 'https://a.example.com/v1/', label: ' Staging ' },
      { baseUrl: 'https://a.example.com/v1', label: 'Again' },
      { baseUrl: 'not an address', label: 'Broken' },
      { baseUrl: 'https://b.example.com/v1', label: '' },
      { baseUrl: 'https://c.example.com/v1', label: 'Client', token: 'must-not-survive' },
      'junk',
      null,
    ];
    assert.deepEqual(readStoredAccounts(raw), [
      { baseUrl: 'https://a.example.com/v1', label: 'Staging' },
      { baseUrl: 'https://c.example.com/v1', label: 'Client' },
    ]);
    assert.deepEqual(readStoredAccounts(undefined), []);
    assert.deepEqual(readStoredAccounts({ baseUrl: 'https://a.example.com/v1' }), []);
  });

  it('labels are unique (case-blind) and not empty; the host is offered, numbered when taken', () => {
    assert.equal(labelProblem('staging', ['Staging']), 'Another account is called staging.');
    assert.equal(labelProblem('  ', []), 'Give the account a name, e.g. the host or "staging".');
    assert.equal(labelProblem('Production', ['Staging']), undefined);
    assert.equal(suggestLabel('https://api.example.com:8443/v1', []), 'api.example.com:8443');
    assert.equal(suggestLabel('https://api.example.com/v1', ['api.example.com']), 'api.example.com (2)');
  });

  it("the workspace's label chooses an account; an unknown one changes nothing and says so", () => {
    const accounts = [{ label: 'Production' }, { label: 'Staging' }];
    assert.deepEqual(chooseAccount(accounts, ''), { account: accounts[0], unknown: false });
    assert.deepEqual(chooseAccount(accounts, ' staging '), { account: accounts[1], unknown: false });
    assert.deepEqual(chooseAccount(accounts, 'Nope'), { account: accounts[0], unknown: true });
    assert.deepEqual(chooseAccount([], 'Nope'), { account: undefined, unknown: true });
  });

  it('the trigger question names the account when there are several, and reads as before with one', () => {
    assert.equal(triggerQuestion('2048 iOS', 'develop').message, 'Start a build of 2048 iOS on branch develop?');
    assert.equal(
      triggerQuestion('2048 iOS', 'develop', 'Staging').message,
      'Start a build of 2048 iOS on branch develop with the account Staging?',
    );
  });
});
