// Download Artifact… in the real workbench: the picks answered with the keyboard, the progress and
// the outcome read from the notifications on screen, the file checked on disk (size and hash), and
// the headers each origin received checked where they arrived.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AppsTreeNode } from '../../../src/views/apps/nodes';
import { newestSuccess } from '../../service/data';
import { artifactDigest, artifactSeed, artifactSize, LARGE_ARTIFACT_BYTES } from '../../service/artifacts';
import { startArtifactHost, type Build } from '../../service/server';
import { ANDROID_2048, IOS_2048 } from '../../service/seedCatalog';
import { appNode, textOf } from '../appsView';
import { readLog, testing, waitForLog } from '../extension';
import { HTTPS_APPS_LISTED, useReferenceService } from '../harness';
import { setHttp } from '../settings';
import * as ui from '../ui';
import { waitFor } from '../wait';

const ARTIFACT_ROUTE = 'GET /builds/:build_id/artifacts/:file';

/** build-artifacts/ in the workspace folder, where downloads go: gone before each test (the toasts too) and after the suite. */
function useDownloadFolder(): string {
  const folder = path.join(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '', 'build-artifacts');
  beforeEach(async () => {
    rmSync(folder, { recursive: true, force: true });
    await ui.clearNotifications();
  });
  after(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

describe('editor: download a build artifact', () => {
  const fixture = useReferenceService({ onlyIf: ui.uiProbeAvailable, token: true, waitForApps: true, settings: { autoRefresh: false } });
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const folder = useDownloadFolder();

  /** The newest successful iOS build: a Release .ipa and 20 MiB of debug symbols. */
  function iosSuccess(): Build {
    const build = newestSuccess(fixture.service.data, IOS_2048);
    assert.ok(build && build.links.download.length === 2, 'a successful iOS build with two download links');
    return build;
  }

  async function buildNode(build: Build): Promise<AppsTreeNode> {
    await fixture.api.apps.refresh();
    const node = (await fixture.api.apps.getChildren(await appNode(fixture.api, IOS_2048))).find(
      (b) => b.kind === 'build' && b.build.id === build._id,
    );
    assert.ok(node, `build #${build.build_number} listed`);
    return node;
  }

  async function downloadRow(build: Build, name: string): Promise<AppsTreeNode> {
    const rows = await fixture.api.apps.getChildren(await buildNode(build));
    const row = rows.find((d) => textOf(fixture.api, d).label === `Download: ${name}`);
    assert.ok(row && textOf(fixture.api, row).contextValue === 'downloadLink', `a download row for ${name}`);
    return row;
  }

  /** Runs the command on `node` and answers its picks as a user would: `artifact` typed (when asked), Enter on the default folder. */
  async function download(node: AppsTreeNode, artifact?: string): Promise<{ done: Thenable<string | undefined> }> {
    const done = vscode.commands.executeCommand<string | undefined>('buildService.downloadArtifact', node);
    if (artifact) {
      await waitFor(async () => (await ui.quickInput()).placeholder === 'The artifact to download', 'the artifact pick');
      await ui.typeText(artifact);
      await ui.pressKey('Enter');
    }
    await waitFor(async () => (await ui.quickInput()).placeholder.startsWith('Where to save'), 'the folder pick');
    await ui.pressKey('Enter');
    // In an object: an async function returning the thenable itself would wait for it.
    return { done };
  }

  const leftInFolder = () => (existsSync(folder) ? readdirSync(folder) : []);

  it('the 20 MB artifact of a build arrives complete in build-artifacts/, with bytes and percentage on the way', async () => {
    const build = iosSuccess();
    const link = build.links.download[1];
    const file = decodeURIComponent(link.url.split('/').pop() ?? '');
    // The service pauses halfway once, long enough to read the progress on screen.
    fixture.service.setFault(ARTIFACT_ROUTE, { delayMidBodyMs: 3000, times: 1 });
    fixture.service.clearRequests();
    const { done } = await download(await buildNode(build), 'Debug symbols');
    const progress = await ui.waitForNotification('(50%)');
    assert.match(progress.message, new RegExp(`Downloading ${link.name}.*10\\.5 MB of 21\\.0 MB \\(50%\\)`));
    assert.ok(progress.actions.includes('Cancel'), `the progress can be cancelled: ${progress.actions.join(', ')}`);
    const saved = await done;
    assert.equal(saved, path.join(folder, file));
    assert.equal(statSync(saved).size, LARGE_ARTIFACT_BYTES);
    assert.equal(sha256(saved), artifactDigest(artifactSeed(build._id, file), artifactSize(build._id, file)));
    assert.deepEqual(leftInFolder(), [file], 'no temporary file left');
    const doneNotice = await ui.waitForNotification(`Downloaded ${file} (21.0 MB) to ${folder}.`);
    assert.deepEqual(doneNotice.actions, ['Reveal in Explorer', 'Open Folder']);
    await ui.clickNotificationAction('Downloaded', 'Reveal in Explorer');
    await waitFor(
      async () => (await ui.texts('.explorer-folders-view .monaco-list-row.selected')).some((t) => t.includes(file)),
      'the file selected in the Explorer',
    );
    // The service's own link: the token went with it, and the log says so.
    const served = fixture.service.requestsTo(ARTIFACT_ROUTE);
    assert.equal(served.length, 1);
    assert.equal(served[0]?.headers.authorization, `Bearer ${fixture.service.token}`);
    await waitForLog(fixture.api, `Download: asking ${link.url}, the service's own origin, with the access token.`);
  });

  it('Cancel on the progress notification stops the download and leaves no file', async () => {
    const build = iosSuccess();
    const link = build.links.download[1];
    // The row first: opening a build's details asks its artifacts' sizes, which a one-time fault must not meet.
    const row = await downloadRow(build, link.name);
    fixture.service.setFault(ARTIFACT_ROUTE, { delayMidBodyMs: 60_000, times: 1 });
    const { done } = await download(row);
    await ui.waitForNotification('(50%)');
    await ui.clickNotificationAction('(50%)', 'Cancel');
    assert.equal(await done, undefined);
    await ui.waitForNotification(`The download of ${link.name} was cancelled; nothing was kept.`);
    assert.deepEqual(leftInFolder(), []);
  });

  it('a download cut off halfway leaves no file and says why', async () => {
    const build = iosSuccess();
    const link = build.links.download[1];
    const row = await downloadRow(build, link.name);
    fixture.service.setFault(ARTIFACT_ROUTE, { cutBody: true, times: 1 });
    const { done } = await download(row);
    assert.equal(await done, undefined);
    const notice = await ui.waitForNotification(`The download of ${link.name} failed: the connection broke off after`);
    assert.match(notice.message, /broke off after [\d.]+ MB of 21\.0 MB\. Nothing was kept\.$/);
    assert.equal(notice.severity, 'error');
    assert.deepEqual(leftInFolder(), []);
  });

  it('a link to another origin (a CDN) is downloaded without the access token', async () => {
    const cdn = await startArtifactHost();
    const build = iosSuccess();
    const seeded = build.links.download;
    try {
      build.links.download = [{ name: 'm2048 - CDN copy', url: cdn.url('m2048-cdn.ipa', 2_000_000) }, ...build.links.download];
      const saved = await (await download(await buildNode(build), 'CDN copy')).done;
      assert.ok(saved);
      assert.equal(sha256(saved), cdn.digest('m2048-cdn.ipa', 2_000_000));
      assert.equal(cdn.requests.length, 1);
      assert.equal(cdn.requests[0]?.headers.authorization, undefined, 'the CDN received no Authorization header');
      // The query (where a CDN puts its signature) stays out of the log.
      await waitForLog(
        fixture.api,
        `Download: asking ${cdn.origin}/files/m2048-cdn.ipa?…, not the service's origin, without the access token.`,
      );
    } finally {
      build.links.download = seeded;
      await cdn.close();
    }
  });

  // The service is on 127.0.0.1, so the download takes VS Code's route: the host's fetch, which asked for
  // gzip and inflated the answer (an .apk failed its compressed Content-Length, a .tar.gz was saved unpacked).
  it("a gzip-encoded .apk and a .tar.gz arrive byte for byte as the server holds them (VS Code's route)", async () => {
    const cdn = await startArtifactHost();
    const build = iosSuccess();
    const seeded = build.links.download;
    const files = ['m2048-release.apk', 'm2048-sources.tar.gz'];
    // Whatever the machine sets (this one names its own bundle in NODE_EXTRA_CA_CERTS): a client made without it.
    const savedExtraCa = process.env.NODE_EXTRA_CA_CERTS;
    delete process.env.NODE_EXTRA_CA_CERTS;
    await setHttp('noProxy', ['unrelated.example']); // a network change: the next request builds a new client
    try {
      build.links.download = [
        { name: 'm2048 - packed apk', url: cdn.url(files[0], 1_500_000, { gzip: true }) },
        { name: 'm2048 - sources', url: cdn.url(files[1], 1_500_000, { gzip: true }) },
        ...build.links.download,
      ];
      for (const [file, pick] of [
        [files[0], 'packed apk'],
        [files[1], 'sources'],
      ] as const) {
        const saved = await (await download(await buildNode(build), pick)).done;
        assert.equal(saved, path.join(folder, file));
        assert.equal(sha256(saved), cdn.digest(file, 1_500_000, { gzip: true }), file);
      }
      assert.deepEqual(
        cdn.requests.map((r) => r.headers['accept-encoding']),
        ['identity', 'identity'],
      );
      await waitForLog(fixture.api, `Requests to ${fixture.service.baseUrl} go through VS Code's network`);
    } finally {
      build.links.download = seeded;
      if (savedExtraCa !== undefined) process.env.NODE_EXTRA_CA_CERTS = savedExtraCa;
      await setHttp('noProxy', undefined);
      await cdn.close();
    }
  });

  it('build-artifacts/ committed as a symbolic link to a folder outside: refused, saying why, and no byte lands outside', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
    symlinkSync(outside, folder);
    try {
      const build = iosSuccess();
      const release = build.links.download[0];
      fixture.service.clearRequests();
      const { done } = await download(await downloadRow(build, release.name));
      assert.equal(await done, undefined);
      const notice = await ui.waitForNotification(`The download of ${release.name} failed:`);
      assert.equal(
        notice.message,
        `The download of ${release.name} failed: ${folder} is a symbolic link, and a download never follows one out of the folder you chose. Nothing was kept.`,
      );
      assert.equal(notice.severity, 'error');
      assert.deepEqual(readdirSync(outside), [], 'nothing written where the link points');
      assert.equal(fixture.service.requestsTo(ARTIFACT_ROUTE).length, 0, 'refused before the download was asked for');
    } finally {
      rmSync(folder, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a .gitignore that is a symbolic link is not offered for, and not written through', async () => {
    const dotGit = path.join(workspace, '.git');
    const gitignore = path.join(workspace, '.gitignore');
    const outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
    const target = path.join(outside, 'config');
    writeFileSync(target, 'not yours\n');
    mkdirSync(dotGit);
    symlinkSync(target, gitignore);
    try {
      const build = iosSuccess();
      const release = build.links.download[0];
      assert.ok(await (await download(await downloadRow(build, release.name))).done, 'the download itself goes on');
      const shown = await ui.notificationsAfter(1500);
      assert.ok(!shown.some((n) => n.message.includes('.gitignore')), `no .gitignore question: ${shown.map((n) => n.message).join(' | ')}`);
      assert.equal(readFileSync(target, 'utf8'), 'not yours\n');
      assert.ok(lstatSync(gitignore).isSymbolicLink());
    } finally {
      rmSync(dotGit, { recursive: true, force: true });
      rmSync(gitignore, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('in a Git repository, asks once whether to add build-artifacts/ to .gitignore, and adds it only on yes', async () => {
    const dotGit = path.join(workspace, '.git');
    const gitignore = path.join(workspace, '.gitignore');
    mkdirSync(dotGit);
    writeFileSync(gitignore, 'node_modules/\n');
    try {
      const build = iosSuccess();
      const release = build.links.download[0];
      const first = await download(await downloadRow(build, release.name));
      const question = await ui.waitForNotification('Add it to .gitignore, so they are never committed?');
      assert.deepEqual(question.actions, ['Add to .gitignore', 'No']);
      await ui.clickNotificationAction('Add it to .gitignore', 'Add to .gitignore');
      assert.ok(await first.done, 'the download went on meanwhile');
      await waitFor(() => readFileSync(gitignore, 'utf8') === 'node_modules/\n/build-artifacts/\n', '.gitignore has the line');
      writeFileSync(gitignore, 'node_modules/\n');
      await ui.clearNotifications();
      assert.ok(await (await download(await downloadRow(build, release.name))).done);
      const later = await ui.notificationsAfter(1500);
      assert.ok(!later.some((n) => n.message.includes('.gitignore')), 'asked only once');
      assert.equal(readFileSync(gitignore, 'utf8'), 'node_modules/\n');
    } finally {
      rmSync(dotGit, { recursive: true, force: true });
      rmSync(gitignore, { force: true });
    }
  });
  describe('the .gitignore question, once per folder (issue 47)', () => {
    const dotGit = path.join(workspace, '.git');
    const gitignore = path.join(workspace, '.gitignore');
    const question = 'Add it to .gitignore, so they are never committed?';
    /** No window has asked about this folder yet. */
    async function forgetAsked(): Promise<void> {
      await testing(fixture.api).state.write('buildService.gitignoreAsked', undefined);
    }
    beforeEach(async () => {
      mkdirSync(dotGit, { recursive: true });
      writeFileSync(gitignore, 'node_modules/\n');
      await forgetAsked();
    });
    afterEach(async () => {
      rmSync(dotGit, { recursive: true, force: true });
      rmSync(gitignore, { force: true });
      await forgetAsked();
    });

    it('two downloads into the folder at once share one question: the first is not withdrawn by the second, both end with the answer', async () => {
      const root = vscode.workspace.workspaceFolders?.[0];
      assert.ok(root);
      const hooks = testing(fixture.api);
      let firstSettled = false;
      const first = hooks.offerGitignore(root).then(() => (firstSettled = true));
      const second = hooks.offerGitignore(root);
      await ui.waitForNotification(question);
      const shown = await ui.notificationsAfter(1500);
      assert.equal(shown.filter((n) => n.message.includes(question)).length, 1, 'one question on screen');
      assert.equal(firstSettled, false, "the first download's question still waits for the answer");
      await ui.clickNotificationAction(question, 'Add to .gitignore');
      await Promise.all([first, second]);
      assert.equal(readFileSync(gitignore, 'utf8'), 'node_modules/\n/build-artifacts/\n', 'the line added once');
    });

    it('a folder another window (or workspace) already asked about is not asked about again', async () => {
      const root = vscode.workspace.workspaceFolders?.[0];
      assert.ok(root);
      // What the other window's question left in the state every window shares, as VS Code hands it over.
      await testing(fixture.api).globalState.update('buildService.gitignoreAsked', [root.uri.fsPath]);
      const offered = testing(fixture.api).offerGitignore(root);
      const shown = await ui.notificationsAfter(1500);
      assert.ok(!shown.some((n) => n.message.includes(question)), `not asked again: ${shown.map((n) => n.message).join(' | ')}`);
      await offered;
      assert.equal(readFileSync(gitignore, 'utf8'), 'node_modules/\n');
    });

    it('a folder whose name holds a line break writes one line to the log, not a forged second one', async () => {
      // A clone named to forge a log line: 'x⏎2026-01-01 00:00:00.000 [error] ...'.
      const forged = '2099-01-01 00:00:00.000 [error] forged line';
      const parent = mkdtempSync(path.join(tmpdir(), 'bs-gitignore-'));
      const root = path.join(parent, `x\n${forged}`);
      try {
        mkdirSync(path.join(root, '.git'), { recursive: true });
        writeFileSync(path.join(parent, 'elsewhere'), 'node_modules/\n');
        symlinkSync(path.join(parent, 'elsewhere'), path.join(root, '.gitignore'));
        await testing(fixture.api).offerGitignore({ uri: vscode.Uri.file(root), name: 'x', index: 9 });
        await waitForLog(fixture.api, 'Not offering to add /build-artifacts/');
        const lines = (await readLog(fixture.api)).split('\n');
        assert.ok(!lines.some((line) => line.startsWith(forged)), "no line of the log is the folder name's");
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    });
  });
});

describe('editor: download from an https:// service', function () {
  this.timeout(60_000);
  const fixture = useReferenceService(HTTPS_APPS_LISTED);
  const folder = useDownloadFolder();

  it('a redirect from https:// to http:// is refused, and the message says why', async () => {
    const { api, service: secure } = fixture;
    const cdn = await startArtifactHost();
    try {
      const build = newestSuccess(secure.data, IOS_2048);
      assert.ok(build);
      const release = build.links.download[0];
      assert.ok(release.url.startsWith('https://'), release.url);
      await api.apps.refresh();
      const node = (await api.apps.getChildren(await appNode(api, IOS_2048))).find((b) => b.kind === 'build' && b.build.id === build._id);
      assert.ok(node, `build #${build.build_number} listed`);
      // The details ask the artifacts' sizes before the fault is armed: it is for the download.
      const row = (await api.apps.getChildren(node)).find((d) => textOf(api, d).label === `Download: ${release.name}`);
      assert.ok(row, 'the download row');
      secure.setFault(ARTIFACT_ROUTE, { redirectTo: cdn.url('plain.ipa', 100_000), times: 1 });
      const done = vscode.commands.executeCommand<string | undefined>('buildService.downloadArtifact', row);
      await waitFor(async () => (await ui.quickInput()).placeholder.startsWith('Where to save'), 'the folder pick');
      await ui.pressKey('Enter');
      assert.equal(await done, undefined);
      const notice = await ui.waitForNotification(`The download of ${release.name} failed:`);
      assert.equal(
        notice.message,
        `The download of ${release.name} failed: it was redirected from https:// to http://${new URL(cdn.origin).host}, where it would travel unencrypted. Nothing was kept.`,
      );
      assert.equal(cdn.requests.length, 0, 'the http:// address was never asked');
      assert.deepEqual(existsSync(folder) ? readdirSync(folder) : [], []);
    } finally {
      await cdn.close();
    }
  });
});

describe('editor: download an artifact of the current branch', () => {
  const fixture = useReferenceService({
    onlyIf: ui.uiProbeAvailable,
    token: true,
    checkout: 'develop',
    waitForApps: true,
    settings: { autoRefresh: false },
  });
  const folder = useDownloadFolder();

  function latestSuccess(appId: string): Build {
    const build = newestSuccess(fixture.service.data, appId, 'develop');
    assert.ok(build);
    return build;
  }

  async function answerPicks(pick: { placeholder: string; typed?: string }[]): Promise<void> {
    for (const { placeholder, typed } of pick) {
      await waitFor(async () => {
        const shown = await ui.quickInput();
        return shown.visible && shown.placeholder.startsWith(placeholder);
      }, `the pick "${placeholder}"`);
      if (typed) await ui.typeText(typed);
      await ui.pressKey('Enter');
    }
  }

  it("on the Current Branch's failed build: an artifact of the branch's latest successful build", async () => {
    const node = testing(fixture.api).branch.tree.nodeOf();
    assert.ok(node && node.app.id === IOS_2048 && node.build?.status === 'failed', 'develop shows the failed iOS build');
    const success = latestSuccess(IOS_2048);
    const release = success.links.download[0];
    fixture.service.clearRequests();
    const done = vscode.commands.executeCommand<string | undefined>('buildService.downloadArtifact', node);
    await answerPicks([{ placeholder: 'The artifact to download', typed: 'Release' }, { placeholder: 'Where to save' }]);
    const saved = await done;
    const file = decodeURIComponent(release.url.split('/').pop() ?? '');
    assert.equal(saved, path.join(folder, file));
    assert.equal(statSync(saved).size, artifactSize(success._id, file));
    assert.deepEqual(fixture.service.requestsTo('GET /apps/:app_id/build/latest', IOS_2048)[0]?.query, {
      branch: 'develop',
      status: 'success',
    });
  });

  it('from the palette: asks which app of this repository, then saves its artifact', async () => {
    const success = latestSuccess(ANDROID_2048);
    const done = vscode.commands.executeCommand<string | undefined>('buildService.downloadArtifact');
    await answerPicks([{ placeholder: 'The app whose artifact', typed: '2048 Android' }, { placeholder: 'Where to save' }]);
    const saved = await done;
    const file = decodeURIComponent(success.links.download[0]?.url.split('/').pop() ?? '');
    assert.equal(saved, path.join(folder, file));
    assert.equal(sha256(saved), artifactDigest(artifactSeed(success._id, file), artifactSize(success._id, file)));
  });
});

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
