// The tracker's holds (issue 42: a service that answers 10,000 builds where 10 were asked): 10,000
// running builds held by one account and let go of, beside the least any store does, a Map insert and
// delete of the same keys. Run alone:
//   node esbuild.mjs --tests && node --expose-gc out/test/bench/trackerHolds.js
import type { Build } from '../../src/api/models';
import { FOLLOW_CAP, TrackedBuilds } from '../../src/core/builds/trackedBuilds';
import { aBuild } from '../builders';
import { alternateCpu } from './measure';
import { ms, printTable, type Row } from './report';

const COUNT = 10_000;
const BUDGET = 10;
const OWNER = 'https://builds.example/v1';

const running = (i: number): Build => aBuild({ id: `b${i}`, appId: 'app', status: 'running' });

export function trackerHoldsRow(): Row {
  const builds = Array.from({ length: COUNT }, (_, i) => running(i));
  const holdAndRelease = () => {
    const tracked = new TrackedBuilds();
    const entries = builds.map((build) => tracked.hold(OWNER, build, false).entry);
    const followed = tracked.followed.length;
    for (const entry of entries) tracked.release(entry, false);
    return followed;
  };
  if (holdAndRelease() !== FOLLOW_CAP) throw new Error(`the tracker followed other than ${FOLLOW_CAP} of ${COUNT}`);
  const pair = alternateCpu(holdAndRelease, () => {
    const map = new Map<string, Build>();
    for (const build of builds) map.set(`${OWNER}\n${build.id}`, build);
    for (const build of builds) map.delete(`${OWNER}\n${build.id}`);
    return map.size;
  });
  const ratio = pair.subjectMs / pair.baselineMs;
  return {
    figure: `the tracker: ${COUNT.toLocaleString('en')} running builds of one account held (${FOLLOW_CAP} followed) and let go of; CPU time, median of 41`,
    value: ms(pair.subjectMs),
    baseline: `${ms(pair.baselineMs)} (a Map insert and delete of the same keys)`,
    ratio,
    budget: `≤ ${BUDGET.toFixed(2)}x`,
    pass: ratio <= BUDGET,
    gated: false,
  };
}

if (require.main === module) printTable([trackerHoldsRow()]);
