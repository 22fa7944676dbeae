// The window's cached answers after 1,000 failed builds looked at (issue 47): each build's failed-test list
// as long as the cap keeps (20,000 tests, the reference service over real HTTP), compared with its base,
// through one ComparisonStore and one first-failed list cache sharing the one ceiling (core/cache/lru.ts).
// The figure is the heap the caches hold (after a full collection, the store alive minus the store gone),
// beside the ceiling; the weighed bytes are printed too. Run alone:
//   node esbuild.mjs --tests && node --expose-gc out/test/bench/cachedAnswers.js
import { BuildServiceClient } from '../../src/api/client/client';
import { TESTS_MAX } from '../../src/api/parsing/parseResults';
import { CACHED_ANSWERS_MIB, CacheBudget } from '../../src/core/cache/lru';
import { ComparisonStore, type StoreLook } from '../../src/core/testing/comparisonStore';
import { parseBuild } from '../../src/api/parsing/parseBuild';
import type { Build as WireBuild } from '../service/server';
import { startService } from '../service/server';
import { objectIdFor } from '../service/ids';
import { printTable, type Row } from './report';

const LOOKED_AT = 1_000;
const MIB = 1024 * 1024;

function heapAfterCollection(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export async function cachedAnswersRow(): Promise<Row> {
  const service = await startService();
  const client = new BuildServiceClient({ baseUrl: service.baseUrl, getToken: () => Promise.resolve(service.token) });
  try {
    const template = service.data.builds.find((b) => b.finished && b.build_status === 'failed') ?? service.data.builds[0];
    const tests = Array.from({ length: TESTS_MAX }, (_, i) => ({
      name: `testFeatureNumber${i}()`,
      status: 'failed' as const,
      run: 'iPhone 15 Pro',
      target: 'AppTests',
      suite: `Suite${i % 50}Tests`,
    }));
    // One answer text for every build: the service would send the same bytes for each.
    service.setFault('GET /builds/:build_id/tests', { rawBody: JSON.stringify({ tests }) });
    const builds = Array.from({ length: LOOKED_AT }, (_, i) => {
      const wire: WireBuild = { ...template, _id: objectIdFor(`cached-answers:${i}`), build_number: 10_000 + i };
      service.data.builds.push(wire);
      return parseBuild(wire);
    });
    const before = heapAfterCollection();
    const budget = new CacheBudget(CACHED_ANSWERS_MIB * MIB);
    let store: ComparisonStore | undefined = new ComparisonStore({
      budget,
      baseBranchOf: () => Promise.resolve('main'),
      flakyBuilds: () => 10,
      request: (signal, request) => request(signal),
      learned: () => undefined,
      log: { warn: () => undefined },
    });
    const look: StoreLook = { account: { scoped: (id) => id }, client, signal: new AbortController().signal };
    for (const build of builds) {
      await store.failedTestsOf(look, build);
      await store.compare(look, build);
    }
    await new Promise((resolve) => setImmediate(resolve));
    const held = heapAfterCollection();
    const weighed = budget.used;
    store = undefined;
    const gone = heapAfterCollection();
    const heldMib = (held - Math.min(before, gone)) / MIB;
    return {
      figure: `cached answers after ${LOOKED_AT.toLocaleString('en')} failed builds looked at (${TESTS_MAX.toLocaleString('en')} failed tests each, compared with the base): heap the caches hold, after a full collection (weighed ${(weighed / MIB).toFixed(1)} MiB)`,
      value: `${heldMib.toFixed(1)} MiB`,
      baseline: `${CACHED_ANSWERS_MIB} MiB (the one ceiling, CACHED_ANSWERS_MIB)`,
      ratio: heldMib / CACHED_ANSWERS_MIB,
      budget: '≤ 1.00x',
      pass: heldMib <= CACHED_ANSWERS_MIB,
      gated: false,
    };
  } finally {
    await client.dispose();
    await service.close();
  }
}

if (require.main === module) {
  cachedAnswersRow()
    .then((row) => printTable([row]))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
