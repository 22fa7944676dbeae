import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBaseUrl } from '../../src/api/client/baseUrl';
import { BuildServiceClient, DEFAULT_USER_AGENT } from '../../src/api/client/client';
import { InvalidBaseUrlError } from '../../src/api/errors';

describe('parseBaseUrl', () => {
  it('accepts http and https addresses ending in /v1, with or without a trailing slash', () => {
    assert.equal(parseBaseUrl('https://api.example.com/v1'), 'https://api.example.com/v1');
    assert.equal(parseBaseUrl(' https://api.example.com/v1/ '), 'https://api.example.com/v1');
    assert.equal(parseBaseUrl('http://127.0.0.1:8080/proxy/v1'), 'http://127.0.0.1:8080/proxy/v1');
  });

  for (const [raw, reason] of [
    ['', /empty/],
    ['api.example.com/v1', /not an address/],
    ['ftp://api.example.com/v1', /https:\/\/ or http:\/\//],
    ['https://api.example.com', /end in the API version segment \/v1/],
    ['https://api.example.com/v2', /\/v1/],
    ['https://api.example.com/v1?x=1', /query/],
    ['https://me:secret@api.example.com/v1', /user name or password/],
  ] as const) {
    it(`rejects ${JSON.stringify(raw)} naming the setting to fix`, () => {
      assert.throws(
        () => parseBaseUrl(raw),
        (error: unknown) =>
          error instanceof InvalidBaseUrlError &&
          error.setting === 'buildService.baseUrl' &&
          error.message.includes('buildService.baseUrl') &&
          reason.test(error.message),
      );
    });
  }

  it('the client constructor throws the same error, before any request', () => {
    assert.throws(
      () => new BuildServiceClient({ baseUrl: 'https://x.example/api', getToken: () => Promise.resolve('t') }),
      InvalidBaseUrlError,
    );
  });

  it('the default User-Agent carries the extension version from package.json', () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    assert.equal(DEFAULT_USER_AGENT, `build-service-vscode/${version}`);
  });
});
