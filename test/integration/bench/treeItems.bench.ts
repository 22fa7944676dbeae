// Tree items for 10,000 apps in the real host, for the views bench (test/host/benchViews.mjs): the
// Apps view provider's getChildren() and a getTreeItem() for each app, against 10,000 plain
// vscode.TreeItem objects with the same label, id, icon, tooltip, accessible name and menu, built
// directly. Time and the heap each keeps alive, alternating, several runs. The view stays closed, so
// VS Code itself asks the provider for nothing while this runs; the apps are fetched once, before the runs.
import * as assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { App } from '../../../src/api';
import type { BuildServiceExports } from '../../../src/exports';
import { generateApps } from '../../service/server';
import { extension } from '../extension';
import { useReferenceService } from '../harness';
import { setSetting } from '../settings';
import { sleep } from '../wait';
import { figures } from './figures';

const APPS = 10_000;
const RUNS = 7;

/**
 * A full garbage collection, so the heap read after it is what is still referenced. The extension
 * host is not started with --expose-gc; V8 hands out its gc function when the flag is set at run time.
 */
function garbageCollector(): { collect: () => Promise<void>; reading: string } {
  let gc = (globalThis as { gc?: () => void }).gc;
  let reading = 'heap used after a forced full GC (global.gc)';
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as (() => void) | undefined;
    reading = 'heap used after a forced full GC (gc exposed at run time: v8.setFlagsFromString)';
  }
  if (typeof gc === 'function') {
    const force = gc;
    return { collect: () => Promise.resolve(force()).then(force), reading };
  }
  return { collect: () => sleep(1_000), reading: 'heap used after a 1 s settle (no GC could be forced)' };
}

/** What a user's Apps view shows for each app, as plain TreeItems: the baseline. */
function plainItems(apps: readonly App[], extensionUri: vscode.Uri): vscode.TreeItem[] {
  return apps.map((app) => {
    const item = new vscode.TreeItem(app.name || app.id, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `app:${app.id}`;
    const icon = (theme: string) => vscode.Uri.joinPath(extensionUri, 'media', 'platforms', `${app.platform}-${theme}.svg`);
    item.iconPath = { light: icon('light'), dark: icon('dark') };
    item.tooltip = `${app.name}\nApp ID: ${app.id}\nPlatform: ${app.platform}`;
    item.contextValue = 'app';
    item.accessibilityInformation = { label: `${app.name}, ${app.platform} app` };
    return item;
  });
}

/** How long the last providerItems() waited for getChildren (the rest is the getTreeItem calls). */
let childrenMs = 0;

async function providerItems(api: BuildServiceExports): Promise<vscode.TreeItem[]> {
  const start = performance.now();
  const nodes = await api.apps.getChildren();
  childrenMs = performance.now() - start;
  return nodes.map((node) => api.apps.getTreeItem(node));
}

/** Kept alive across the second heap reading: what one run built. */
const held: unknown[] = [];

/**
 * Time of one `build`, and the heap what it made keeps alive (what stays referenced from outside,
 * such as the provider's nodes, counts too). Its own function: an async frame keeps its last awaited
 * value, which would otherwise blur the reading.
 */
async function timeAndHeap(build: () => Promise<unknown>, collect: () => Promise<void>): Promise<{ ms: number; bytes: number }> {
  await collect();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  held.push(await build());
  const ms = performance.now() - start;
  await collect();
  const bytes = process.memoryUsage().heapUsed - before;
  held.length = 0;
  return { ms, bytes };
}

describe('bench: tree items for 10,000 apps', () => {
  const fixture = useReferenceService({ token: true, settings: { autoRefresh: false }, waitForApps: true });

  /** Makes the provider forget its nodes (a setting its builds read changed) without a new app list. */
  async function forgetNodes(run: number): Promise<void> {
    const forgotten = new Promise<void>((resolve) => {
      const subscription = fixture.api.apps.onDidChangeTreeData((node) => {
        if (node !== undefined) return;
        subscription.dispose();
        resolve();
      });
    });
    await setSetting('buildsPerApp', run % 2 === 0 ? 11 : undefined);
    await forgotten;
  }

  it('the provider against plain TreeItems, alternating', async () => {
    const { api, service } = fixture;
    service.setApps(generateApps(APPS));
    const outcome = await api.apps.refresh();
    assert.deepEqual(outcome, { status: 'loaded', count: APPS });
    const apps = (await api.apps.getChildren()).flatMap((node) => (node.kind === 'app' ? [node.app] : []));
    assert.equal(apps.length, APPS);
    service.clearRequests();
    const { collect, reading } = garbageCollector();
    const result = {
      apps: APPS,
      providerMs: [] as number[],
      childrenMs: [] as number[],
      plainMs: [] as number[],
      providerBytes: [] as number[],
      plainBytes: [] as number[],
      heapReading: reading,
    };
    const extensionUri = extension().extensionUri;
    for (let run = 0; run < RUNS; run++) {
      await forgetNodes(run);
      const provider = await timeAndHeap(() => providerItems(api), collect);
      const plain = await timeAndHeap(() => Promise.resolve(plainItems(apps, extensionUri)), collect);
      result.providerMs.push(provider.ms);
      result.childrenMs.push(childrenMs);
      result.providerBytes.push(provider.bytes);
      result.plainMs.push(plain.ms);
      result.plainBytes.push(plain.bytes);
    }
    assert.equal(service.requests.length, 0, 'the runs measured the tree, not the network');
    figures.treeItems = result;
  });
});
