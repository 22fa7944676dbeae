import * as assert from 'node:assert/strict';
import { normalizeToken, tokenProblem } from '../../src/core/accounts/tokenFormat';

describe('access token format', () => {
  it('trims surrounding whitespace, including line breaks from a paste', () => {
    assert.equal(normalizeToken('  abc123\n'), 'abc123');
    assert.equal(tokenProblem('\tabc123  \r\n'), undefined);
  });

  it('accepts printable ASCII tokens', () => {
    assert.equal(tokenProblem('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'), undefined);
    assert.equal(tokenProblem('a.b-c_d~e+f/g='), undefined);
  });

  it('refuses inner spaces', () => {
    assert.equal(tokenProblem('abc 123'), 'The token cannot contain spaces. Copy it again from the dashboard.');
    assert.match(tokenProblem('abc\u00a0123') ?? '', /spaces/);
  });

  it('refuses control and invisible characters', () => {
    for (const bad of ['abc\u0000def', 'abc\ndef', 'abc\u007fdef', 'abc\u200bdef', 'abc\ufeffdef', 'abc\tdef']) {
      assert.match(tokenProblem(bad) ?? '', /control or invisible character/, JSON.stringify(bad));
    }
  });

  it('refuses characters an HTTP header cannot carry', () => {
    assert.match(tokenProblem('tökén') ?? '', /ASCII/);
  });

  it('asks for a token when there is none', () => {
    assert.match(tokenProblem('   ') ?? '', /Paste/);
  });

  it('never echoes the value in its message', () => {
    assert.ok(!(tokenProblem('secret value') ?? '').includes('secret'));
  });
});
