import * as assert from 'node:assert/strict';
import { RequestGate } from '../../src/api/client/requestGate';

/** A task that finishes only when told to, so a test can hold requests "in flight". */
function held<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  let started = 0;
  const task = async () => {
    started++;
    await done;
    return value;
  };
  return { task, release, started: () => started };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('request gate', () => {
  it('runs at most four at once and starts the rest in order as slots free', async () => {
    const gate = new RequestGate(4);
    const order: number[] = [];
    const jobs = Array.from({ length: 10 }, (_, i) => held(i));
    const results = jobs.map((j, i) => gate.limit(async () => (order.push(i), j.task())));
    await tick();
    assert.deepEqual(order, [0, 1, 2, 3]);
    assert.equal(gate.inFlight, 4);
    jobs[1]?.release();
    await tick();
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    for (const j of jobs) j.release();
    assert.deepEqual(await Promise.all(results), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.equal(gate.maxInFlight, 4);
    assert.equal(gate.inFlight, 0);
  });

  it('drops a queued caller that aborts without giving it a slot', async () => {
    const gate = new RequestGate(1);
    const first = held('a');
    const running = gate.limit(first.task);
    const controller = new AbortController();
    let ran = false;
    const queued = gate.limit(() => Promise.resolve((ran = true)), controller.signal);
    controller.abort();
    await assert.rejects(queued, (e: { kind?: string }) => e.kind === 'cancelled');
    first.release();
    assert.equal(await running, 'a');
    assert.equal(ran, false);
    assert.equal(gate.inFlight, 0);
  });

  it('shares one run between identical calls at the same time, and runs again afterwards', async () => {
    const gate = new RequestGate();
    const job = held('apps');
    let runs = 0;
    const run = () => (runs++, job.task());
    const a = gate.share('GET /apps', undefined, run);
    const b = gate.share('GET /apps', undefined, run);
    const other = gate.share('GET /apps/1/builds', undefined, () => Promise.resolve('builds'));
    job.release();
    assert.deepEqual(await Promise.all([a, b, other]), ['apps', 'apps', 'builds']);
    assert.equal(runs, 1);
    await gate.share('GET /apps', undefined, () => Promise.resolve((runs++, 'again')));
    assert.equal(runs, 2);
  });

  it('aborts a shared run only when every caller has aborted', async () => {
    const gate = new RequestGate();
    let seen: AbortSignal | undefined;
    const job = held('x');
    const run = (signal?: AbortSignal) => ((seen = signal), job.task());
    const one = new AbortController();
    const two = new AbortController();
    const a = gate.share('k', one.signal, run);
    const b = gate.share('k', two.signal, run);
    one.abort();
    await assert.rejects(a, (e: { kind?: string }) => e.kind === 'cancelled');
    assert.equal(seen?.aborted, false, 'one caller is still waiting');
    two.abort();
    await assert.rejects(b, (e: { kind?: string }) => e.kind === 'cancelled');
    assert.equal(seen?.aborted, true);
    job.release();
  });

  it('a shared run whose first caller cannot abort runs to the end for it, whoever else gives up', async () => {
    const gate = new RequestGate();
    let seen: AbortSignal | undefined;
    const job = held('x');
    const run = (signal?: AbortSignal) => ((seen = signal), job.task());
    const first = gate.share('k', undefined, run);
    const other = new AbortController();
    const second = gate.share('k', other.signal, run);
    other.abort();
    await assert.rejects(second, (e: { kind?: string }) => e.kind === 'cancelled');
    job.release();
    assert.equal(await first, 'x');
    assert.equal(seen?.aborted ?? false, false);
  });
});
