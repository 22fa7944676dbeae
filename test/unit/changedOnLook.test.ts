// Current Branch's "changed functions run by tests" line, asked for by itself: when, and how often. In
// plain Node: the window's focus comes through services/windowApis.ts, which this test implements.
import * as assert from 'node:assert/strict';
import type { App, Build } from '../../src/api/models';
import { rowBuild, type BranchState } from '../../src/core/branch/branchState';
import { ChangedOnLook, type ChangedOnLookDeps } from '../../src/commands/changed/changedOnLook';
import { aBuild } from '../builders';

type Listener = () => void;

/** An event as VS Code's: listeners added, each given back as a disposable. */
function event(): { on: (listener: Listener) => { dispose(): void }; fire: Listener } {
  const listeners = new Set<Listener>();
  return {
    on: (listener) => (listeners.add(listener), { dispose: () => void listeners.delete(listener) }),
    fire: () => listeners.forEach((listener) => listener()),
  };
}

const ios: App = { id: 'ios', name: '2048 iOS App', platform: 'ios' };

/** Current Branch on develop with `build` for the iOS app, seen, visible and focused unless changed. */
function lookAt(build: Build, coverageFollows = false) {
  const changes = event();
  const focus = event();
  const shown = event();
  const asked: string[] = [];
  const world = {
    state: { kind: 'builds', branch: 'develop', pinned: false, entries: [{ app: ios, held: { build } }] } as BranchState,
    focused: true,
    coverageOf: undefined as string | undefined,
  };
  const deps = {
    changedCommands: {
      report: () => Promise.resolve(void asked.push(world.state.kind === 'builds' ? (rowBuild(world.state.entries[0])?.id ?? '') : '')),
    },
    branch: {
      get state() {
        return world.state;
      },
      activeAccount: { scoped: (id: string) => `A/${id}` },
      onDidChange: changes.on,
    },
    view: { visible: true, onDidChangeVisibility: event().on },
    window: {
      get focused() {
        return world.focused;
      },
      onDidChangeFocus: focus.on,
    },
    firstLook: { whenSeen: () => Promise.resolve() },
    coverage: {
      get view() {
        return world.coverageOf ? { shown: { build: { id: world.coverageOf } } } : undefined;
      },
      onDidShow: shown.on,
    },
    settings: { value: { coverageForCurrentBranch: coverageFollows } },
    log: { warn: () => undefined },
  } as unknown as ChangedOnLookDeps;
  const look = new ChangedOnLook(deps);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { world, asked, look, settle, changes, focus, shown };
}

describe('changed functions said by themselves (ChangedOnLook)', () => {
  it('asks once per build once the user has looked, however often Current Branch changes', async () => {
    const { asked, look, settle, changes } = lookAt(aBuild({ id: 'b1', appId: 'ios', status: 'failed', branch: 'develop' }));
    await settle();
    changes.fire();
    changes.fire();
    await settle();
    assert.deepEqual(asked, ['b1']);
    look.dispose();
  });

  it('asks nothing while the window is unfocused; the focus coming back asks', async () => {
    const { world, asked, look, settle, focus } = lookAt(aBuild({ id: 'b2', appId: 'ios', branch: 'develop' }));
    world.focused = false;
    await settle();
    assert.deepEqual(asked, [], 'nothing while unfocused (the first look came before)');
    world.focused = true;
    focus.fire();
    await settle();
    assert.deepEqual(asked, ['b2']);
    look.dispose();
  });

  it('when the coverage view follows the branch, it waits for that view to show the build', async () => {
    const { world, asked, look, settle, shown } = lookAt(aBuild({ id: 'b3', appId: 'ios', branch: 'develop' }), true);
    await settle();
    assert.deepEqual(asked, [], 'the coverage view asks for the coverage itself');
    world.coverageOf = 'b3';
    shown.fire();
    await settle();
    assert.deepEqual(asked, ['b3']);
    look.dispose();
  });

  it('a running build is not counted: nothing is asked until one has finished', async () => {
    const { world, asked, look, settle, changes } = lookAt(aBuild({ id: 'b4', appId: 'ios', status: 'running', branch: 'develop' }));
    await settle();
    assert.deepEqual(asked, []);
    world.state = {
      kind: 'builds',
      branch: 'develop',
      pinned: false,
      entries: [{ app: ios, held: { build: aBuild({ id: 'b4', appId: 'ios', branch: 'develop' }) } }],
    };
    changes.fire();
    await settle();
    assert.deepEqual(asked, ['b4']);
    look.dispose();
  });
});
