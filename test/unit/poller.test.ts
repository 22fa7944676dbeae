// The poller's decisions in plain Node: its rounds ask the reference service (real HTTP on 127.0.0.1)
// through the real client; the window's focus comes through services/windowApis.ts, which this test
// implements. Its schedule runs 100 times faster than real time, as the test hosts' runs 60 times faster.
import * as assert from 'node:assert/strict';
import type { Build } from '../../src/api/models';
import type { BuildServiceClient } from '../../src/api/client/client';
import { TrackedBuilds } from '../../src/core/builds/trackedBuilds';
import { NOTICE_AFTER_FAILURES } from '../../src/core/polling/pollPause';
import { BuildPoller, type PollerDeps } from '../../src/services/builds/poller';
import { sleep, waitFor } from '../integration/wait';
import { firstAppId, useReferenceService } from './clientFixture';

const SCALE = 1 / 100;
/** The first interval at that scale (10 s in real time). */
const FIRST_MS = 10_000 * SCALE;
const A = 'account-a';

type Listener = () => void;

/** Disposed after each test, passed or failed: a poller left running keeps its timer (and mocha) going. */
const running: BuildPoller[] = [];

/** An event as VS Code's: listeners added, each given back as a disposable. */
function event(): { on: (listener: Listener) => { dispose(): void }; fire: Listener } {
  const listeners = new Set<Listener>();
  return {
    on: (listener) => (listeners.add(listener), { dispose: () => void listeners.delete(listener) }),
    fire: () => listeners.forEach((listener) => listener()),
  };
}

/** A poller of account A, following what `tracked` holds, in a window focused unless changed. */
function pollerOf(client: BuildServiceClient, tracked: TrackedBuilds) {
  const focus = event();
  const world = { focused: true, notices: [] as string[], ends: [] as string[] };
  const account = { id: A, connection: () => Promise.resolve({ kind: 'ready', client }) };
  const deps = {
    session: { accounts: { byId: (id: string) => (id === A ? account : undefined) }, onDidChange: event().on },
    log: { info: () => undefined, warn: () => undefined },
    settings: { value: { autoRefresh: true }, onDidChange: event().on },
    presenter: { present: (_error: unknown, operation: string) => void world.notices.push(operation) },
    window: {
      get focused() {
        return world.focused;
      },
      onDidChangeFocus: focus.on,
    },
    timeScale: SCALE,
    followed: () => tracked.followed,
    watched: () => [],
    recorded: (owner: string, build: Build) => {
      const ended = tracked.record(owner, build)?.ended;
      if (ended) world.ends.push(build.id);
    },
    gone: (owner: string, id: string) => tracked.forget(owner, id),
  } as unknown as PollerDeps;
  const poller = new BuildPoller(deps);
  running.push(poller);
  return { poller, world, focus };
}

describe('the poller (BuildPoller) against the reference service', () => {
  // Before the service's own afterEach (registered next), which closes the clients.
  afterEach(() => running.splice(0).forEach((poller) => poller.dispose()));
  const fixture = useReferenceService();
  const listsAsked = () => fixture.service.requestsTo('GET /apps/:app_id/builds').length;

  /** A build started on the service, unfinished, held as a view would hold it. */
  async function followOne(client: BuildServiceClient): Promise<{ tracked: TrackedBuilds; build: Build }> {
    const id = await client.triggerBuild(firstAppId(fixture.service), { branch: 'develop' });
    const build = await client.getBuild(id);
    assert.equal(build.finished, false);
    const tracked = new TrackedBuilds();
    tracked.hold(A, build, false);
    fixture.service.clearRequests();
    return { tracked, build };
  }

  it('asks nothing while the window is unfocused; focus coming back asks at once, and a finished build stops the rounds', async () => {
    const client = fixture.client();
    const { tracked, build } = await followOne(client);
    const { poller, world, focus } = pollerOf(client, tracked);
    world.focused = false;
    poller.startedFollowing();
    await sleep(5 * FIRST_MS);
    assert.equal(listsAsked(), 0, 'five intervals unfocused: nothing asked');
    world.focused = true;
    focus.fire();
    await waitFor(() => listsAsked() >= 1, 'one list of the app once the window is focused again', 20 * FIRST_MS);
    fixture.service.finishBuild(build.id, 'success');
    await waitFor(() => world.ends.length === 1, 'the end seen by a later round');
    const asked = listsAsked();
    await sleep(10 * FIRST_MS);
    assert.equal(listsAsked(), asked, 'nothing followed: no more rounds');
    assert.deepEqual(world.ends, [build.id]);
  });

  it('rounds that keep failing pause the account, double the wait, and are said once; an answer resumes the pace', async () => {
    const client = fixture.client();
    const { tracked, build } = await followOne(client);
    fixture.service.setFault('GET /apps/:app_id/builds', { status: 503 });
    const { poller, world } = pollerOf(client, tracked);
    poller.startedFollowing();
    await waitFor(() => world.notices.length > 0, 'the outage said', 200 * FIRST_MS);
    const rounds = poller.pollCount;
    assert.equal(rounds, NOTICE_AFTER_FAILURES, `said after ${NOTICE_AFTER_FAILURES} failed rounds in a row`);
    // Backoff: 15 s, 30 s, 60 s… (×SCALE); a round every 10 s would have made three more by then.
    await sleep(6 * FIRST_MS);
    assert.ok(poller.pollCount <= rounds + 1, `paused: ${poller.pollCount - rounds} round(s) in 60 s`);
    assert.deepEqual(world.notices, ['Polling for builds'], 'one notice for the outage, however many rounds fail');
    fixture.service.clearFaults();
    fixture.service.finishBuild(build.id, 'failed');
    await waitFor(() => world.ends.length === 1, 'the end seen once the service answers', 200 * FIRST_MS);
    assert.equal(world.notices.length, 1);
  });
});
