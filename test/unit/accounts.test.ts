// The rules of accounts in plain Node: their keys, the stored list, labels, and which one a workspace chose.
import * as assert from 'node:assert/strict';
import {
  accountIdOf,
  chooseAccount,
  labelProblem,
  readStoredAccounts,
  secretKeyOf,
  LEGACY_TOKEN_KEY,
  secretKeysOf,
  suggestLabel,
} from '../../src/core/accounts/accounts';
import { consentOf, environmentTokenUse, malformedUrl, tokenFingerprint } from '../../src/core/accounts/environmentToken';
import { triggerQuestion } from '../../src/core/tools/toolAnswers';

describe('accounts', () => {
  it('an account is keyed by its address as requests go to it: one account however the address is typed', () => {
    assert.equal(accountIdOf(' HTTPS://API.Example.com/v1/ '), 'https://api.example.com/v1');
    assert.equal(accountIdOf('https://api.example.com/v1'), accountIdOf('https://api.example.com/v1/'));
    assert.notEqual(accountIdOf('https://a.example.com/v1'), accountIdOf('https://b.example.com/v1'));
    assert.throws(() => accountIdOf('https://api.example.com'), /\/v1/);
    // Each account's token has a key of its own, never the old key of no address.
    assert.notEqual(secretKeyOf(accountIdOf('https://api.example.com/v1')), LEGACY_TOKEN_KEY);
    // Signing out of buildService.baseUrl's account also takes the address-less token not yet moved to it.
    assert.deepEqual(secretKeysOf('https://a.example.com/v1', true), [
      'buildService.accessToken@https://a.example.com/v1',
      LEGACY_TOKEN_KEY,
    ]);
    assert.deepEqual(secretKeysOf('https://a.example.com/v1', false), ['buildService.accessToken@https://a.example.com/v1']);
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

  it('BUILD_SERVICE_TOKEN goes only to the address BUILD_SERVICE_URL names, else to buildService.baseUrl once agreed', () => {
    const a = { id: 'https://a.example.com/v1', fromSettings: true };
    const menu = { id: 'https://b.example.com/v1', fromSettings: false };
    const token = 'env-token';
    const allow = { choice: 'allow', fingerprint: tokenFingerprint(token) } as const;
    const deny = { choice: 'deny', fingerprint: tokenFingerprint(token) } as const;
    const named = { token, url: 'https://A.example.com/v1/' };
    assert.equal(environmentTokenUse(a, named, undefined), 'use', 'named: no question');
    assert.equal(environmentTokenUse(a, named, deny), 'use', 'naming it is the answer');
    assert.equal(environmentTokenUse(menu, named, allow), 'none', 'never to another address');
    assert.equal(environmentTokenUse({ ...a, fromSettings: false }, named, undefined), 'use', 'a menu account it names');
    const unnamed = { token, url: undefined };
    assert.equal(environmentTokenUse(a, unnamed, undefined), 'ask');
    assert.equal(environmentTokenUse(a, unnamed, allow), 'use');
    assert.equal(environmentTokenUse(a, unnamed, deny), 'none');
    assert.equal(environmentTokenUse(menu, unnamed, allow), 'none', 'without a name, only buildService.baseUrl may ask');
    assert.equal(environmentTokenUse({ id: '', fromSettings: true }, unnamed, undefined), 'none', 'no address, nowhere to send');
    assert.equal(environmentTokenUse(a, { token: undefined, url: a.id }, allow), 'none');
  });

  it('a BUILD_SERVICE_URL that is not an address means the token goes nowhere, agreed or not', () => {
    const a = { id: 'https://a.example.com/v1', fromSettings: true };
    const token = 'env-token';
    const allow = { choice: 'allow', fingerprint: tokenFingerprint(token) } as const;
    for (const url of ['not an address', 'ftp://a.example.com/v1', 'https://']) {
      assert.ok(malformedUrl({ token, url }), url);
      assert.equal(environmentTokenUse(a, { token, url }, undefined), 'none', `${url}: not asked`);
      assert.equal(environmentTokenUse(a, { token, url }, allow), 'none', `${url}: an earlier yes does not count`);
    }
    assert.ok(!malformedUrl({ token, url: '  ' }), 'blank is unset');
    assert.equal(environmentTokenUse(a, { token, url: '  ' }, allow), 'use');
  });

  it('the answer holds for the token it was given about: another BUILD_SERVICE_TOKEN is asked about again; the fingerprint is not the token', () => {
    const a = { id: 'https://a.example.com/v1', fromSettings: true };
    const first = 'bs_first-token-3f9a0c';
    const consent = { choice: 'allow', fingerprint: tokenFingerprint(first) } as const;
    assert.equal(environmentTokenUse(a, { token: first, url: undefined }, consent), 'use');
    assert.equal(environmentTokenUse(a, { token: 'bs_other-token-77e1d2', url: undefined }, consent), 'ask');
    assert.equal(environmentTokenUse(a, { token: 'bs_other-token-77e1d2', url: undefined }, { ...consent, choice: 'deny' }), 'ask');
    assert.match(consent.fingerprint, /^[0-9a-f]{16}$/);
    assert.ok(!consent.fingerprint.includes(first) && !first.includes(consent.fingerprint));
    assert.notEqual(tokenFingerprint(first), tokenFingerprint(`${first} `));
    // As stored: an older version's bare answer is no answer for any token; a well-formed one reads back.
    assert.equal(consentOf('allow'), undefined);
    assert.equal(consentOf({ choice: 'allow' }), undefined);
    assert.equal(consentOf({ choice: 'maybe', fingerprint: 'x' }), undefined);
    assert.deepEqual(consentOf(JSON.parse(JSON.stringify(consent))), consent);
  });
});
