import * as assert from 'node:assert/strict';
import { appsBuildingRepo } from '../../src/core/branch/matchApps';
import { repoKey } from '../../src/core/branch/remoteKey';

describe('repository keys from remote addresses', () => {
  it('gives scp-like, ssh:// and https:// forms of one repository the same key', () => {
    const forms = [
      'git@github.com:myorg/2048.git',
      'git@github.com:myorg/2048',
      'ssh://git@github.com/myorg/2048',
      'ssh://git@github.com:22/myorg/2048.git',
      'https://github.com/myorg/2048.git',
      'https://github.com/myorg/2048',
      'https://user:secret@GitHub.COM/myorg/2048/',
      'git://github.com/myorg/2048.git',
      '  HTTPS://github.com/MyOrg/2048.GIT  ',
    ];
    for (const form of forms) assert.equal(repoKey(form), 'github.com/myorg/2048', form);
  });

  it('keeps nested groups and tells other repositories and hosts apart', () => {
    assert.equal(repoKey('git@gitlab.com:acme/mobile/field-service.git'), 'gitlab.com/acme/mobile/field-service');
    assert.notEqual(repoKey('git@github.com:myorg/2048.git'), repoKey('git@gitlab.com:myorg/2048.git'));
    assert.notEqual(repoKey('git@github.com:myorg/2048.git'), repoKey('git@github.com:myorg/2049.git'));
  });

  it('has no key for local paths, files and nonsense', () => {
    for (const form of [
      '',
      '   ',
      '/srv/git/app.git',
      '../app',
      'C:\\repos\\app',
      'file:///srv/git/app.git',
      'https://github.com/',
      'not a url',
      undefined,
    ]) {
      assert.equal(repoKey(form), undefined, String(form));
    }
  });
});

describe('apps that build the workspace repository', () => {
  const apps = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
  const repos: Record<string, string | undefined> = {
    a: 'git@github.com:myorg/2048.git',
    b: 'https://github.com/myorg/2048',
    c: 'https://github.com/myorg/weather.git',
    d: undefined,
  };

  it('matches any remote in any form, and never an app with no builds', () => {
    const matched = appsBuildingRepo(apps, (id) => repos[id], ['https://GITHUB.com/myorg/2048.git', '/local/mirror']);
    assert.deepEqual(
      matched.map((a) => a.id),
      ['a', 'b'],
    );
  });

  it('matches nothing without remotes', () => {
    assert.deepEqual(
      appsBuildingRepo(apps, (id) => repos[id], []),
      [],
    );
  });
});
