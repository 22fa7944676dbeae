// The QR code panel's pure parts: which links may be drawn, the page around the code, and the code
// itself, decoded back by an independent decoder (jsQR).
import * as assert from 'node:assert/strict';
import { checkInstallLink, qrPageHtml } from '../../src/core/artifacts/installLink';
import { qrSvg } from '../../src/core/artifacts/qrCode';
import { decodeQrSvg } from '../qrDecode';

describe('QR code of an install link', () => {
  const links = [
    'https://dashboard.buildservice.example/download/ios?buildID=58b899061baced0100616172',
    'http://127.0.0.1:8080/install?app=2048&token=a%20b#frag',
    'https://例え.jp/インストール?ビルド=42&name=Café',
  ];

  for (const link of links) {
    it(`decodes back to exactly ${link}`, async () => {
      assert.equal(decodeQrSvg(await qrSvg(link, 'code')), link);
    });
  }

  it('accepts http(s) links as given, trimmed but not rewritten', () => {
    assert.deepEqual(checkInstallLink('  https://EXAMPLE.com/a/../b/  '), { ok: true, url: 'https://EXAMPLE.com/a/../b/' });
  });

  it('refuses javascript:, file:, data: and text that is no address, with a clear message', () => {
    for (const bad of ['javascript:alert(document.cookie)', 'file:///etc/passwd', 'data:text/html,<script>1</script>']) {
      const checked = checkInstallLink(bad);
      assert.equal(checked.ok, false, bad);
      assert.match(
        checked.ok ? '' : checked.problem,
        /only for http:\/\/ and https:\/\/ links; this install link \([a-z]+:…\) was refused/,
      );
    }
    const notUrl = checkInstallLink('download here');
    assert.match(notUrl.ok ? '' : notUrl.problem, /not a web address \(download here\)/);
    assert.equal(checkInstallLink(undefined).ok, false);
  });

  it("the page allows only its nonce'd script and style, and shows the URL as escaped text", async () => {
    const url = 'https://x.example/i?a=1&b="<img src=x onerror=alert(1)>"';
    const html = qrPageHtml({ url, title: 'Install <App>', svg: await qrSvg(url, 't'), nonce: 'abc123' });
    assert.match(
      html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-abc123'; script-src 'nonce-abc123'">/,
    );
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.match(html, /<script nonce="abc123">/);
    assert.ok(!html.includes('<img'), 'no markup from the URL');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(html.includes('<title>Install &lt;App&gt;</title>'));
    assert.equal(decodeQrSvg(html), url);
  });

  it('the page works without the picture and without a mouse: the link as labelled text, the Copy button focused', async () => {
    const url = 'https://x.example/install?build=12';
    const html = qrPageHtml({ url, title: 'Install 2048', svg: await qrSvg(url, 'QR code of the link'), nonce: 'n' });
    assert.match(html, /<svg [^>]*role="img" aria-label="QR code of the link"/);
    assert.match(
      html,
      /<p id="url-label">Or open this link on the phone:<\/p>\n<p class="url" id="url">https:\/\/x\.example\/install\?build=12<\/p>/,
    );
    assert.match(html, /<button id="copy" type="button" autofocus aria-describedby="url">Copy Link<\/button>/);
    assert.match(html, /\ncopy\.focus\(\);\n<\/script>/);
    assert.match(html, /button:focus-visible \{ outline: 2px solid var\(--vscode-focusBorder\)/);
    assert.match(html, /<main>[\s\S]*<h1>Install 2048<\/h1>[\s\S]*<\/main>/);
  });
});
