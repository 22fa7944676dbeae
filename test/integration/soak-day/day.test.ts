// The soak's simulated day, in the real host (`npm run soak` only: at its time scale a day lasts about
// 3 minutes; at npm test's 1/60 it would take 24). Current Branch watches `develop` of the 2048 apps;
// the window is focused 08–12 and 13–19; a build of the branch starts every 6 minutes and finishes 3
// later; the service is out for 10 minutes twice (503, then 429, each with Retry-After: 600). Asserts
// the heap after GC at the end within 10% of its value after the first hour, no poll while unfocused,
// and the polling requests near what the schedule plans for the day (dayPlan.ts). Figures go to
// .vscode-test/results/soak-day-figures.json.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { testTimeScale } from '../../../src/core/polling/pollSchedule';
import type { RouteKey } from '../../service/contract';
import type { RunningService } from '../../service/server';
import { ANDROID_2048, IOS_2048 } from '../../service/seedCatalog';
import { testing } from '../extension';
import { useReferenceService } from '../harness';
import { activeResources, collectGarbage } from '../hostResources';
import * as ui from '../ui';
import { sleep, waitFor } from '../wait';
import { DAY_MINUTES, dayBuilds, focusedAt, HOUR, MINUTE_MS, outageAt, plannedRequests, RETRY_AFTER_S } from './dayPlan';

const SCALE = testTimeScale(process.env.BUILD_SERVICE_SOAK_TIME_SCALE);
const APPS = [IOS_2048, ANDROID_2048];
/** What polling asks: the branch lists (and a followed build's own list or itself, which they carry here). */
const POLLED: readonly RouteKey[] = ['GET /apps/:app_id/builds', 'GET /builds/:build_id'];
const HEAP_GROWTH_LIMIT = 0.1;
/** The host's rounds take real time (a round's few milliseconds are seconds of the schedule): it may ask less, never much more. */
const PLAN_TOLERANCE = { below: 0.15, above: 0.05 };
const FIGURES_FILE = process.env.BUILD_SERVICE_SOAK_DAY_FIGURES || '.vscode-test/results/soak-day-figures.json';

/** A new build of `appId` on develop, started through the API as another client would; its id. */
async function startBuild(service: RunningService, appId: string): Promise<string> {
  const answer = await fetch(`${service.baseUrl}/apps/${appId}/build`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ branch: 'develop' }),
  });
  assert.equal(answer.status, 201);
  return ((await answer.json()) as { build_id: string }).build_id;
}

describe('soak: a simulated day', () => {
  const fixture = useReferenceService({ token: true, checkout: 'develop' });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  before(() => process.on('unhandledRejection', onUnhandled));
  after(async () => {
    process.off('unhandledRejection', onUnhandled);
    await ui.focusWindow();
  });

  it('a day of polling, focused and not, builds finishing, two outages: the heap back within 10% of hour 1, requests as planned', async function () {
    const dayMs = DAY_MINUTES * MINUTE_MS * SCALE;
    this.timeout(dayMs * 1.5 + 120_000);
    const { service } = fixture;
    const { tracker } = testing(fixture.api);
    const gc = collectGarbage();
    service.advanceBuilds(); // queued → running, running → finished: the day starts with nothing running
    service.advanceBuilds();
    await waitFor(() => tracker.followedIds.length === 0, 'nothing followed');
    await waitFor(() => vscode.window.state.focused, 'the window focused');

    const builds = dayBuilds(APPS.length);
    const ids = new Map<number, string>();
    const count = { focused: 0, unfocusedAfterAMinute: 0, inOutages: 0, other: 0, otherRoutes: {} as Record<string, number> };
    let focusedNow = true;
    let blurredAt = -Infinity;
    const tally = (minute: number) => {
      for (const { route, method } of service.requests) {
        if (method === 'POST') continue; // the day's own builds
        if (!route || !POLLED.includes(route)) {
          count.other++;
          count.otherRoutes[route ?? '?'] = (count.otherRoutes[route ?? '?'] ?? 0) + 1;
        } else if (focusedNow) count.focused++;
        else if (minute - blurredAt > 1) count.unfocusedAfterAMinute++;
        if (route && POLLED.includes(route) && outageAt(minute)) count.inOutages++;
      }
      service.clearRequests();
    };

    service.clearRequests();
    const started = Date.now();
    let heapAfterHour1 = 0;
    let resourcesAfterHour1: Record<string, number> = {};
    for (let minute = 0; minute < DAY_MINUTES; minute++) {
      const wait = started + minute * MINUTE_MS * SCALE - Date.now();
      if (wait > 0) await sleep(wait);
      tally(minute - 1);
      if (focusedAt(minute) !== focusedNow) {
        focusedNow = focusedAt(minute);
        if (focusedNow) await ui.focusWindow();
        else {
          blurredAt = minute;
          await ui.blurWindow();
        }
      }
      const outage = outageAt(minute);
      service.clearFaults();
      if (outage) for (const route of POLLED) service.setFault(route, { status: outage.status, retryAfter: String(RETRY_AFTER_S) });
      for (const [k, build] of builds.entries()) {
        if (build.start === minute) ids.set(k, await startBuild(service, APPS[build.app]));
        if (build.finish === minute) service.finishBuild(ids.get(k) ?? '', build.outcome);
      }
      if (minute === HOUR) {
        gc();
        heapAfterHour1 = process.memoryUsage().heapUsed;
        resourcesAfterHour1 = activeResources();
      }
    }
    await sleep(MINUTE_MS * SCALE);
    tally(DAY_MINUTES);
    const wallMs = Date.now() - started;
    gc();
    const heapAtEnd = process.memoryUsage().heapUsed;
    const resourcesAtEnd = activeResources();

    const plan = plannedRequests(APPS.length, builds);
    const mib = (bytes: number) => +(bytes / 1048576).toFixed(1);
    const figures = {
      timeScale: SCALE,
      wallSeconds: Math.round(wallMs / 1000),
      builds: builds.length,
      polledFocused: count.focused,
      planned: plan.requests,
      ratioToPlan: +(count.focused / plan.requests).toFixed(3),
      polledInOutages: count.inOutages,
      plannedInOutages: plan.inOutages,
      polledUnfocusedAfterAMinute: count.unfocusedAfterAMinute,
      otherRequests: count.otherRoutes,
      heapAfterHour1MiB: mib(heapAfterHour1),
      heapAtEndMiB: mib(heapAtEnd),
      heapGrowth: +(heapAtEnd / heapAfterHour1 - 1).toFixed(3),
      resourcesAfterHour1,
      resourcesAtEnd,
    };
    console.log(`soak day figures: ${JSON.stringify(figures)}`);
    const target = path.resolve(__dirname, '../../../..', FIGURES_FILE);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(figures, null, 2));

    assert.deepEqual(unhandled, [], 'no unhandled rejection');
    assert.equal(count.unfocusedAfterAMinute, 0, 'nothing polled while the window was unfocused');
    // Each outage: one failed round (a list per app), then nothing until Retry-After has passed.
    assert.ok(count.inOutages <= plan.inOutages, `${count.inOutages} requests in the outages, ${plan.inOutages} planned`);
    const low = plan.requests * (1 - PLAN_TOLERANCE.below);
    const high = plan.requests * (1 + PLAN_TOLERANCE.above);
    assert.ok(count.focused >= low && count.focused <= high, `${count.focused} polling requests, ${plan.requests} planned`);
    assert.ok(
      heapAtEnd <= heapAfterHour1 * (1 + HEAP_GROWTH_LIMIT),
      `heap ${figures.heapAfterHour1MiB} MiB after hour 1, ${figures.heapAtEndMiB} MiB at the end`,
    );
    for (const kind of ['Timeout', 'TCPSocketWrap', 'TCPWRAP']) {
      const grown = (resourcesAtEnd[kind] ?? 0) - (resourcesAfterHour1[kind] ?? 0);
      assert.ok(grown <= 8, `${kind}: ${resourcesAfterHour1[kind] ?? 0} after hour 1, ${resourcesAtEnd[kind] ?? 0} at the end`);
    }
  });
});
