import * as assert from 'node:assert/strict';
import { isLoopback, resolveProxy } from '../../src/api/transport/network';
import { describeFailure } from '../../src/core/text/errorMessages';
import { ACTION_LABELS } from '../../src/core/text/fixActions';
import { isUnencryptedRemote } from '../../src/core/network/unencrypted';

describe('network: messages, proxy choice, unencrypted addresses', () => {
  it('a 407 tells about proxy authentication and offers Open Proxy Settings, never the token', () => {
    const m = describeFailure({ kind: 'proxy-auth', status: 407 }, 30);
    assert.equal(m?.severity, 'error');
    assert.match(m?.message ?? '', /proxy requires authentication \(407\)/);
    assert.doesNotMatch(m?.message ?? '', /access token|unavailable/i);
    assert.deepEqual(
      m?.actions.map((a) => ACTION_LABELS[a]),
      ['Open Proxy Settings', 'Show Log'],
    );
  });

  it("a certificate failure shows the client's own sentence (what failed, how to fix)", () => {
    const message = 'The certificate of a.example:443 has expired; nothing was sent.';
    assert.equal(describeFailure({ kind: 'certificate', message }, 30)?.message, message);
  });

  it('the proxy settings win over the environment; the environment is read in either case', () => {
    const env = { https_proxy: 'http://env-lower:1', HTTPS_PROXY: 'http://env-upper:2', NO_PROXY: 'a.test b.test' };
    assert.equal(resolveProxy({ url: 'http://setting:3' }, env)?.httpsProxy, 'http://setting:3');
    assert.equal(resolveProxy({ url: 'http://setting:3' }, env)?.noProxy, '');
    assert.equal(resolveProxy({}, env)?.httpsProxy, 'http://env-lower:1');
    assert.equal(resolveProxy({}, { HTTPS_PROXY: 'http://env-upper:2' })?.httpsProxy, 'http://env-upper:2');
    assert.equal(resolveProxy({ noProxy: ['c.test'] }, env)?.noProxy, 'c.test,a.test,b.test');
    assert.equal(resolveProxy({ url: 'http://setting:3', support: 'off' }, env), undefined);
    assert.equal(resolveProxy({}, {}), undefined);
  });

  it('http:// off this computer is unencrypted; https:// and loopback are not', () => {
    assert.equal(isUnencryptedRemote('http://builds.example.com/v1'), true);
    assert.equal(isUnencryptedRemote('http://10.0.0.5:8080/v1'), true);
    assert.equal(isUnencryptedRemote('http://127.0.0.1:4000/v1'), false);
    assert.equal(isUnencryptedRemote('http://127.8.9.10/v1'), false);
    assert.equal(isUnencryptedRemote('http://localhost:4000/v1'), false);
    assert.equal(isUnencryptedRemote('http://[::1]:4000/v1'), false);
    assert.equal(isUnencryptedRemote('https://builds.example.com/v1'), false);
    assert.equal(isLoopback('localhost.example.com'), false);
    assert.equal(isLoopback('127.0.0.1.nip.io'), false);
    assert.equal(isLoopback('evil.localhost'), false);
  });
});
