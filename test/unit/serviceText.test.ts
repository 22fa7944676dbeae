// The display rule for text from the service, over generated hostile strings: nothing invisible,
// no line breaks, no link a notification would draw, no icon the status bar would draw, capped.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { filledText, iconSafeText, loggedText, noticeText, SHOWN_MAX, shownText } from '../../src/core/text/serviceText';

const HOSTILE = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u2028\u2029]/;
const LINK = /\[[^\]]+\]\((https?:\/\/|command:|file:)/i;
const AUTOLINK = /<[a-z][a-z0-9+.-]*:/i;

/** Strings made mostly of what an attacker would send: controls, bidi, zero-width, link and icon syntax. */
const hostileString = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom('\u202E', '\u2066', '\u200B', '\uFEFF', '\u0000', '\u001B[31m', '\r\n', '\u2028', '\n', '\t', '\u0085'),
      fc.constantFrom(
        '[Renew](command:workbench.action.terminal.sendSequence?%7B%7D)',
        '](',
        '[x](https://evil.example)',
        '<https://evil.example/p>',
        '<command:workbench.action.reloadWindow>',
        '$(',
        '$(alert)',
      ),
      fc.string({ unit: 'grapheme', maxLength: 5 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('text from the service, as shown', () => {
  it('never holds a control, bidi or zero-width character, a line break or a drawable link, and is capped', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        // One rule for every surface: a view, a notification, a tooltip's markdown, a chat tool's answer.
        for (const shown of [shownText(text), iconSafeText(text)]) {
          assert.ok(!HOSTILE.test(shown), JSON.stringify(shown));
          assert.ok(shown.length <= SHOWN_MAX, `${shown.length} characters`);
          assert.ok(!LINK.test(shown) && !shown.includes('](') && !AUTOLINK.test(shown), shown);
        }
        assert.ok(!/(^|[^\\])\$\(/.test(iconSafeText(text)), iconSafeText(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps the service words readable: letters of any script, emoji and punctuation stay as they were', () => {
    assert.equal(shownText('  Café  2048 — 例え  🚀 \u05E9\u05DC\u05D5\u05DD  '), 'Café 2048 — 例え 🚀 \u05E9\u05DC\u05D5\u05DD');
    assert.equal(shownText('Token expired. [Renew token](command:x)'), 'Token expired. [Renew token] (command:x)');
    assert.equal(shownText('main <https://evil.example/p>'), 'main < https://evil.example/p>');
    assert.equal(iconSafeText('$(zap) fast app'), '\\$(zap) fast app');
    assert.equal(shownText('\u00A0no-break space around\u3000'), 'no-break space around');
  });

  it('an author with a line break cannot add a tooltip line; a right-to-left override cannot reverse the rest', () => {
    assert.equal(shownText('Eve\nBuild ID: 000000000000000000000000'), 'Eve Build ID: 000000000000000000000000');
    assert.equal(shownText('invoice\u202Efdp.exe'), 'invoicefdp.exe');
    // Tag characters and supplementary variation selectors: invisible here, ASCII to a language model.
    assert.equal(shownText('main\u{E0001}\u{E0049}\u{E0047}\u{E004E}\u{E007F} fix\u{E0100}'), 'main fix');
    assert.equal(loggedText('main\u{E0049}'), 'main');
  });

  it('caps a long name with an ellipsis, at the limit asked for', () => {
    assert.equal(shownText('x'.repeat(10_000)).length, SHOWN_MAX);
    assert.ok(shownText('x'.repeat(10_000)).endsWith('…'));
    assert.equal(shownText('abcdef', 4), 'abc…');
  });

  it('the log keeps everything but on one line', () => {
    const long = 'y'.repeat(5_000);
    assert.equal(loggedText(`${long}\nFAKE LINE\u202E`), `${long}\\nFAKE LINE`);
  });

  it('a notification filled with hostile values: our template as written, no value a link, a line or an invisible character', () => {
    const template = 'Build {0} of {1} on {2} failed.';
    fc.assert(
      fc.property(hostileString, hostileString, fc.integer(), (app, branch, number) => {
        const text = noticeText(template, number, app, branch);
        assert.ok(!HOSTILE.test(text), JSON.stringify(text));
        assert.ok(!LINK.test(text) && !text.includes('](command:'), text);
        assert.ok(text.startsWith(`Build ${number} of `) && text.endsWith(' failed.'), text);
      }),
      { numRuns: 1_000 },
    );
  });

  it('fills in one pass: a value that holds a placeholder stays text; a missing value leaves its placeholder', () => {
    assert.equal(noticeText('{0} and {1}', '{1}', 'b'), '{1} and b');
    assert.equal(noticeText('{0} and {1}', 'a'), 'a and {1}');
    assert.equal(noticeText('Token expired. {0}', '[Renew](command:x)'), 'Token expired. [Renew] (command:x)');
    assert.equal(filledText('Copied the ID of {0}', ['$(zap)\nApp'], iconSafeText), 'Copied the ID of \\$(zap) App');
    assert.equal(noticeText('Forgot {0} choices', 3), 'Forgot 3 choices');
  });
});
