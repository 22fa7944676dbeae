// A cached answer is weighed by what it holds: a hostile coverage report cannot sit outside the window's
// one ceiling by holding its bytes where the weight does not look.
import * as assert from 'node:assert/strict';
import { coverageBytes, filesBytes } from '../../src/core/cache/weights';
import { useReferenceService } from './clientFixture';

describe('cached answers weighed by what they hold: coverage functions', () => {
  const fixture = useReferenceService();

  /** The report as the client reads it from the reference service, and the answer's length in characters. */
  async function served(functions: unknown[]) {
    const body = { build_id: 'b1', coverage: 0.5, targets: [{ name: 'T', coverage: 0.5, files: [{ path: 'A.swift', functions }] }] };
    const rawBody = JSON.stringify(body);
    fixture.service.setFault('GET /builds/:build_id/coverage', { rawBody });
    const build = fixture.service.data.builds[0]?._id ?? '';
    return { coverage: await fixture.client().getCoverage(build, { showFunctionCoverage: true }), chars: rawBody.length };
  }

  it('200,000 functions that do not say whether they ran weigh at least their names', async () => {
    const { coverage, chars } = await served(Array.from({ length: 200_000 }, (_, i) => ({ name: `testFunction${i}` })));
    assert.ok(coverageBytes(coverage) >= chars, `${coverageBytes(coverage)} bytes weighed for ${chars} characters held`);
  });

  it('a function carrying 4 MB beside its name weighs them', async () => {
    const { coverage, chars } = await served([{ name: 'f', coverage: 1, extra: { more: ['x'.repeat(4_000_000)] } }]);
    const files = coverage.targets.flatMap((t) => t.files);
    assert.ok(filesBytes(files) >= chars, `${filesBytes(files)} bytes weighed for ${chars} characters held`);
  });

  it('an ordinary report still weighs about what its models hold', async () => {
    const { coverage, chars } = await served(
      Array.from({ length: 1_000 }, (_, i) => ({ name: `f${i}`, coverage: 0.5, covered_lines: 1, executable_lines: 2 })),
    );
    assert.ok(coverageBytes(coverage) < chars * 20, `${coverageBytes(coverage)} bytes for ${chars} characters`);
  });
});
