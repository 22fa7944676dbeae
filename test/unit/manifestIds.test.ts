// The ids in src/ids.ts and package.json must match both ways: a palette entry without a handler
// fails when clicked, a handler without a contribution is unreachable, a context key or setting
// spelt differently in one of them silently never matches.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CommandId, ContextKey, Setting, SETTINGS_SECTION, ToolName, VIEW_CONTAINER_ID, ViewId } from '../../src/ids';

interface Manifest {
  contributes: {
    commands: { command: string; category?: string }[];
    menus: Record<string, { command?: string; when?: string }[]>;
    views: Record<string, { id: string }[]>;
    viewsWelcome: { view: string; contents: string }[];
    viewsContainers: { activitybar: { id: string }[] };
    configuration: { properties: Record<string, unknown> };
  };
}

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as Manifest;
/** package.json says `%key%` for user-facing text; package.nls.json holds the English. */
const nls = JSON.parse(readFileSync(path.join(__dirname, '../../../package.nls.json'), 'utf8')) as Record<string, string>;
const english = (text: string | undefined): string | undefined => text?.replace(/^%([\w.]+)%$/, (whole, key: string) => nls[key] ?? whole);
const declared = manifest.contributes.commands.map((c) => c.command).sort();
// ids.ts names the commands other files refer to; activation.test.ts checks every registered one against package.json.
const registered = declared;

describe('command ids', () => {
  it('every command src/ids.ts names is declared in package.json', () => {
    assert.deepEqual(
      Object.values(CommandId).filter((id) => !declared.includes(id)),
      [],
    );
  });

  // ids.ts's rule: an id more than one file names lives there; one its own group alone names may stay in the group.
  it('a command id that more than one file of src/ spells out is in src/ids.ts', () => {
    const srcRoot = path.join(__dirname, '../../../src');
    const files = (readdirSync(srcRoot, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && path.normalize(f) !== 'ids.ts')
      .map((f) => readFileSync(path.join(srcRoot, f), 'utf8'));
    const inIds = new Set<string>(Object.values(CommandId));
    const spelledInSeveral = declared.filter(
      (id) => !inIds.has(id) && files.filter((text) => text.includes(`'${id}'`) || text.includes(`"${id}"`)).length > 1,
    );
    assert.deepEqual(spelledInSeveral, []);
  });

  it('all carry the "Build Service" category and the buildService. prefix', () => {
    for (const c of manifest.contributes.commands) {
      assert.equal(english(c.category), 'Build Service', c.command);
      assert.match(c.command, /^buildService\.[a-zA-Z]+$/);
    }
  });

  it('every menu entry names a registered command', () => {
    for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
      for (const entry of entries) {
        if (entry.command) assert.ok(registered.includes(entry.command), `${menu}: ${entry.command}`);
      }
    }
  });

  it('a command hidden from the palette is on a view menu, a test item menu or named in src/ids.ts (a row click), so it can be reached', () => {
    const hidden = manifest.contributes.menus.commandPalette.filter((e) => e.when === 'false').map((e) => e.command);
    const { menus } = manifest.contributes;
    const onViews = new Set([
      ...[...menus['view/item/context'], ...menus['view/title'], ...(menus['testing/item/context'] ?? [])].map((e) => e.command),
      ...Object.values(CommandId),
    ]);
    assert.deepEqual(
      hidden.filter((id) => !onViews.has(id)),
      [],
    );
  });

  it('welcome-view and walkthrough links name registered commands (or a view focus command)', () => {
    const walkthroughs = (manifest.contributes as { walkthroughs?: { steps: { description: string }[] }[] }).walkthroughs ?? [];
    const texts = [
      ...manifest.contributes.viewsWelcome.map((w) => w.contents),
      ...walkthroughs.flatMap((w) => w.steps.map((s) => s.description)),
    ].map((t) => english(t) ?? '');
    assert.ok(
      texts.every((t) => !t.startsWith('%')),
      'every %key% is in package.nls.json',
    );
    const focusCommands = Object.values(ViewId).map((id) => `${id}.focus`);
    for (const text of texts) {
      for (const [, id] of text.matchAll(/\(command:([\w.]+)/g)) {
        assert.ok(registered.includes(id) || focusCommands.includes(id), id);
      }
    }
  });

  it('every walkthrough step completes on an event the extension causes, and its media ships', () => {
    const walkthroughs =
      (manifest.contributes as { walkthroughs?: { steps: { id: string; completionEvents?: string[]; media: { markdown?: string } }[] }[] })
        .walkthroughs ?? [];
    assert.equal(walkthroughs.length, 1);
    for (const step of walkthroughs[0].steps) {
      assert.ok(step.completionEvents?.length, step.id);
      for (const event of step.completionEvents ?? []) {
        const [kind, key] = event.split(':');
        if (kind === 'onSettingChanged') assert.ok(Object.values(Setting).includes(key as never), event);
        else assert.ok(kind === 'onContext' && Object.values(ContextKey).includes(key as never), event);
      }
      assert.ok(
        step.media.markdown && existsSync(path.join(__dirname, '../../..', step.media.markdown)),
        `${step.id}: ${step.media.markdown}`,
      );
    }
  });

  it('the views and their container have the ids the code uses', () => {
    assert.ok(manifest.contributes.viewsContainers.activitybar.some((c) => c.id === VIEW_CONTAINER_ID));
    const views = (manifest.contributes.views[VIEW_CONTAINER_ID] ?? []).map((v) => v.id).sort();
    assert.deepEqual(views, Object.values(ViewId).sort());
  });

  it('the settings are the same in package.json and src/ids.ts', () => {
    const declaredSettings = Object.keys(manifest.contributes.configuration.properties).sort();
    assert.deepEqual(declaredSettings, Object.values(Setting).sort());
    for (const id of declaredSettings) assert.ok(id.startsWith(`${SETTINGS_SECTION}.`), id);
  });

  it('every context key package.json reads is one the code sets, and every one the code sets is read', () => {
    const walkthroughSteps = (manifest.contributes as { walkthroughs?: { steps: { completionEvents?: string[] }[] }[] }).walkthroughs ?? [];
    const whens = [
      ...walkthroughSteps.flatMap((w) => w.steps.flatMap((step) => step.completionEvents ?? []).filter((e) => e.startsWith('onContext:'))),
      ...manifest.contributes.viewsWelcome.map((w) => (w as { when?: string }).when ?? ''),
      ...Object.values(manifest.contributes.menus).flatMap((entries) => entries.map((e) => e.when ?? '')),
    ].join(' ');
    const read = new Set(
      [...whens.matchAll(/\b(buildService\.[a-zA-Z]+)\b/g)].map((m) => m[1]).filter((k) => !Object.values(ViewId).includes(k as never)),
    );
    assert.deepEqual([...read].sort(), Object.values(ContextKey).sort());
  });

  // Until the extension has activated, no key is set and a view with no tree shows any welcome whose
  // `when` holds: a welcome that unset keys satisfy flashes in every cold window before the apps.
  it('no welcome shows while no context key is set: each is keyed to an empty state the code sets', () => {
    for (const { when } of manifest.contributes.viewsWelcome as { when?: string }[])
      assert.match(when ?? '', /^buildService\.[a-zA-Z]+ == [a-zA-Z]+$/, `viewsWelcome "when": ${when}`);
  });

  // ContextKeys does not send a first `false`: an unset key must read as false wherever it is tested.
  it('a key that holds true or false is tested only as `key` or `!key`, never compared', () => {
    const whens = [
      ...manifest.contributes.viewsWelcome.map((w) => (w as { when?: string }).when ?? ''),
      ...Object.values(manifest.contributes.menus).flatMap((entries) => entries.map((e) => e.when ?? '')),
    ];
    const valued: string[] = [ContextKey.currentBranchState, ContextKey.appsState];
    const booleans = Object.values(ContextKey).filter((key) => !valued.includes(key));
    for (const when of whens)
      for (const key of booleans) assert.doesNotMatch(when, new RegExp(`${key.replace('.', '\\.')}\\s*[=!<>]=?`), when);
  });
});

describe('language-model tool names', () => {
  it('are the same in package.json and src/ids.ts', () => {
    const tools = (manifest.contributes as { languageModelTools?: { name: string }[] }).languageModelTools ?? [];
    assert.deepEqual(tools.map((t) => t.name).sort(), Object.values(ToolName).sort());
  });
});
