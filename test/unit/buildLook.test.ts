import * as assert from 'node:assert/strict';
import { describeFilter, isFiltered } from '../../src/core/builds/filter';
import type { Build } from '../../src/api';
import { aBuild, type BuildFields } from '../builders';
import {
  buildLabel,
  buildTooltip,
  cancelQuestion,
  completionMessage,
  completionStatusText,
  firstLine,
  shortSha,
  stateIcon,
} from '../../src/core/builds/buildLook';
import { statusBarText } from '../../src/core/branch/statusBarText';
import { duration, exactTime, percent, relativeTime } from '../../src/core/text/time';

const build = (fields: BuildFields = {}): Build =>
  aBuild({
    id: '58a4e07838704cb2eacd7ce9',
    appId: '58a4e07838704cb2eacd7ce4',
    buildNumber: 12,
    commit: { branch: 'main', sha: '0123456789abcdef0123456789abcdef01234567', message: 'Fix crash\n\nDetails', author: 'Ada' },
    ...fields,
  });

const NOW = Date.parse('2024-05-10T12:00:00Z');

describe('build texts', () => {
  it('relative time: just now, minutes, hours, yesterday, weeks; nothing for a bad time', () => {
    assert.equal(relativeTime('2024-05-10T11:59:30Z', NOW), 'just now');
    assert.equal(relativeTime('2024-05-10T11:55:00Z', NOW), '5 minutes ago');
    assert.equal(relativeTime('2024-05-10T09:00:00Z', NOW), '3 hours ago');
    assert.equal(relativeTime('2024-05-09T11:00:00Z', NOW), 'yesterday');
    assert.equal(relativeTime('2024-04-20T12:00:00Z', NOW), '2 weeks ago');
    assert.equal(relativeTime('not a date', NOW), '');
    assert.equal(relativeTime(undefined, NOW), '');
  });

  it('exact time in UTC, duration, first line, percent', () => {
    assert.equal(exactTime('2017-03-02T22:13:26.728Z'), '2017-03-02 22:13:26 UTC');
    assert.equal(duration('2017-03-02T22:15:11.381Z', '2017-03-02T22:20:06.432Z'), '4 min 55 s');
    assert.equal(duration('2017-03-02T22:00:00Z', '2017-03-02T23:02:00Z'), '1 h 2 min');
    assert.equal(duration('2017-03-02T22:00:00Z', undefined), '');
    assert.equal(firstLine('\n  Fix crash  \nDetails here'), 'Fix crash');
    assert.equal(firstLine(undefined), '');
    assert.equal(percent(0.6878079796534735), '68.8%');
    assert.equal(percent(undefined), '');
  });

  it('state icons: spinning while running, theme test colours for outcomes', () => {
    assert.deepEqual(stateIcon('running'), { id: 'sync~spin' });
    assert.deepEqual(stateIcon('queued'), { id: 'clock' });
    assert.deepEqual(stateIcon('success'), { id: 'pass', color: 'testing.iconPassed' });
    assert.deepEqual(stateIcon('failed'), { id: 'error', color: 'testing.iconFailed' });
    assert.deepEqual(stateIcon('cancelled'), { id: 'circle-slash' });
    assert.deepEqual(stateIcon('unknown'), { id: 'question' });
  });

  it('filter description', () => {
    assert.equal(describeFilter({ branch: 'main', status: 'failed' }), 'branch: main · failed');
    assert.equal(describeFilter({ status: 'running' }), 'running');
    assert.equal(describeFilter({}), '');
    assert.equal(isFiltered({}), false);
    assert.equal(isFiltered({ branch: 'feature/find&replace' }), true);
  });

  it('the Cancel Build question names the build, the app and the branch, as plain text', () => {
    assert.equal(cancelQuestion(build(), '2048 iOS App'), 'Cancel build #12 of 2048 iOS App on main?');
    assert.equal(cancelQuestion(build({ branch: '' }), '2048 iOS App'), 'Cancel build #12 of 2048 iOS App?');
    const branch = 'fix/[click](command:workbench.action.quit)';
    assert.equal(
      cancelQuestion(build({ buildNumber: 3, branch }), 'App'),
      'Cancel build #3 of App on fix/[click] (command:workbench.action.quit)?',
    );
    assert.ok(!/\]\(/.test(cancelQuestion(build({ buildNumber: 3, branch }), '[x](https://example.com)')), 'no Markdown link survives');
  });

  it('what the service sends adds no line to a tooltip, reverses no text, and draws no icon in the status bar', () => {
    const spoof = build({
      id: 'b1\nBuild ID: fake',
      branch: 'feature/\u202Eevil',
      commit: {
        branch: 'feature/\u202Eevil',
        sha: '0123456789abcdef',
        author: 'Eve\nBuild ID: 000000000000000000000000',
        message: '\u2066Fix\u2069 login\u2028Signed-off-by: Mallory\nmore',
        tags: [],
      },
      schemeName: 'App\r\nScheme: fake',
    });
    const lines = buildTooltip(spoof, 'App\nApp ID: fake').split('\n');
    assert.deepEqual(lines, [
      'App App ID: fake: build #12 succeeded',
      'Branch: feature/evil',
      'Commit: 0123456 by Eve Build ID: 000000000000000000000000',
      'Fix login',
      'Scheme: App Scheme: fake',
      'Build ID: b1 Build ID: fake',
    ]);
    assert.equal(buildLabel(build({ id: 'a\u202Eb\nc', buildNumber: undefined })), 'ab c');
    assert.equal(completionStatusText(build(), '$(zap) App'), 'Build #12 of \\$(zap) App on main succeeded');
    assert.equal(completionMessage(build({ branch: '[x](command:evil)' }), 'App'), 'Build #12 of App on [x] (command:evil) succeeded');
  });

  it('a build without a number is named by its id; hashes are 7 characters; long first lines are cut', () => {
    assert.equal(buildLabel(build()), '#12');
    assert.equal(buildLabel(build({ buildNumber: undefined })), '58a4e07838704cb2eacd7ce9');
    assert.equal(shortSha('0123456789abcdef'), '0123456');
    assert.equal(shortSha(undefined), '');
    const long = firstLine('x'.repeat(150));
    assert.equal(long.length, 100);
    assert.ok(long.endsWith('…'));
  });

  it('the same build reads the same in the tree tooltip, the status bar and the notifications', () => {
    const failed = build({ status: 'failed', rawStatus: 'error' });
    const tooltip = buildTooltip(failed, '2048 iOS App');
    assert.equal(tooltip.split('\n')[0], '2048 iOS App: build #12 failed');
    assert.match(tooltip, /^Commit: 0123456 by Ada$/m);
    assert.match(tooltip, /^Fix crash$/m);
    assert.equal(statusBarText('main', [{ appName: '2048 iOS App', build: failed }]).text, `$(${stateIcon('failed').id}) #12 main`);
    assert.equal(completionMessage(failed, '2048 iOS App'), 'Build #12 of 2048 iOS App on main failed');
    assert.equal(cancelQuestion(failed, '2048 iOS App'), 'Cancel build #12 of 2048 iOS App on main?');
  });
});
