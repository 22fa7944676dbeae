// Every text a user reads goes through l10n.t, so it can be translated. The scan (userFacingStrings.ts)
// finds literals in src/ that read like words outside a translation call; each one left must be in
// the allowlist below, under the reason it stays English.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readsLikeText, templateReadsLikeText, untranslatedLiterals, type Literal } from './userFacingStrings';

const projectRoot = path.resolve(__dirname, '../../..');

interface Allowed {
  readonly why: string;
  readonly file: string;
  /** The literals' texts, as the scan reports them (a template's substitutions read as `${}`). */
  readonly texts: readonly string[];
}

// Kinds whose message the user sees are worded in core/errorMessages.ts (describeFailure); the client's
// own message goes to the log, for support, in English. Only 'certificate' and 'unencrypted' show the
// client's message, and those are translated in api/transport/networkErrors.ts and services/.
const LOG_ONLY_API_MESSAGE = 'api/: an ApiError message of a kind core/errorMessages.ts words for the user; it reaches only the log';

const ALLOWED: readonly Allowed[] = [
  {
    why: LOG_ONLY_API_MESSAGE,
    file: 'src/api/client/client.ts',
    texts: [
      'The number of builds to list must be a whole number from 1 to 100, not ${}; nothing was sent.',
      'The build service accepted the build (${}) but did not say its id; refresh the build list instead of triggering again.',
    ],
  },
  { why: 'a key of the request gate (method and path), never shown', file: 'src/api/client/client.ts', texts: ['GET ${}'] },
  {
    why: 'how requests leave (direct, proxy, trusted certificates): the first log line of each client',
    file: 'src/api/transport/dispatcher.ts',
    texts: [
      'trusting ${}',
      "Node's roots and NODE_EXTRA_CA_CERTS",
      'direct (a loopback address never goes through a proxy)',
      ' except ${}',
      ", the proxy's own certificate not checked (http.proxyStrictSSL off)",
      'through proxy ${}${}${}, ${}',
    ],
  },
  {
    why: 'the same log line: which certificate stores are trusted',
    file: 'src/api/transport/trustStore.ts',
    texts: [
      "Node's roots (${})",
      "the system store (Node's tls.getCACertificates)",
      'macOS keychains',
      'the Windows store (needs a newer VS Code: its Node cannot read it)',
      'the system bundle ${}',
      'the system store (no CA bundle found)',
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE}; InvalidBaseUrlError's message too (the user reads its translated reason)`,
    file: 'src/api/errors.ts',
    texts: ['The request was cancelled.', 'The setting buildService.baseUrl is not a valid build-service address: ${}'],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('network', 'proxy-auth')`,
    file: 'src/api/transport/network.ts',
    texts: [
      'is not an address (expected e.g. http://proxy.example.com:3128)',
      'must start with http:// or https://, not ${}//',
      'The proxy address in ${} ${}; nothing was sent.',
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('network', 'proxy-auth')`,
    file: 'src/api/transport/networkErrors.ts',
    texts: [
      'The proxy asked for authentication (407) and did not accept what was sent; nothing reached the build service. Check the credentials in http.proxy or http.proxyAuthorization.',
      "The proxy VS Code chose asked for authentication (407) and VS Code had no login for it; nothing reached the build service. VS Code asks for a proxy's user name and password itself on the desktop (or uses Kerberos); elsewhere, put them in http.proxy or set http.proxyAuthorization.",
      'The proxy refused to connect to ${} (${}); nothing reached the build service. Check ${}.',
      "http.proxy, http.noProxy and the system's proxy settings",
      'http.proxy and http.noProxy',
      "Could not connect to the proxy ${} (${}) that VS Code chose for ${}. Check http.proxy, the HTTPS_PROXY environment variable or the system's proxy settings.",
      'Could not connect to the proxy ${} (${}). Check http.proxy or the HTTPS_PROXY environment variable.',
    ],
  },
  {
    why: "how requests leave and why (VS Code's fetch or our own dispatcher): the first log line of each client",
    file: 'src/api/transport/networkRoute.ts',
    texts: [
      "VS Code's fetch support is off (http.fetchAdditionalSupport) or missing",
      'a loopback address VS Code might send to a proxy',
      'the proxy address is not one',
      "http.proxyAuthorization is set for the proxy ${}, and VS Code's fetch does not send it",
      "http.proxyStrictSSL is off for the https:// proxy ${}, and VS Code's fetch checks its certificate all the same",
    ],
  },
  {
    why: 'the same log line',
    file: 'src/api/transport/transport.ts',
    texts: [
      "${} (not VS Code's network: ${})",
      '${}; our own route if only NODE_EXTRA_CA_CERTS trusts a certificate',
      'its certificate was not trusted there, and NODE_EXTRA_CA_CERTS (${}) may hold its authority',
    ],
  },
  {
    why: 'the same log line, and the errors of a silent connection (log only)',
    file: 'src/api/transport/vscodeRoute.ts',
    texts: [
      "through VS Code's network: the proxy VS Code chooses for the address (http.proxy, http.noProxy, the environment, the system, PAC) and the certificates it trusts (http.systemCertificates)",
      'no answer began in time',
      'the answer stopped arriving',
      'The address ${}${} would be changed when sent (a "." or ".." segment); nothing was sent.',
      "VS Code's fetch was not there when the extension started; nothing was sent.",
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('invalid-response': what could not be read)`,
    file: 'src/api/parsing/parseApps.ts',
    texts: ['the app list', 'the branch list', 'the deployment-group list'],
  },
  { why: `${LOG_ONLY_API_MESSAGE} ('invalid-response')`, file: 'src/api/parsing/parseBuild.ts', texts: ['the build list'] },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('invalid-response')`,
    file: 'src/api/parsing/parseResults.ts',
    texts: ['the test results', 'the coverage', 'the trigger answer'],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('invalid-response': which field, what it should be)`,
    file: 'src/api/parsing/validate.ts',
    texts: [
      'The build service sent an answer this extension does not understand: ${} should be ${}, but is ${}.',
      'an array',
      'an object',
      'a non-empty string',
      'a string',
      'a number',
      'true or false',
    ],
  },
  {
    why: "an ApiError message of why nothing was sent ('not-configured', 'invalid-setting', 'missing-token'); core/errorMessages.ts words it for the user, this reaches only the log",
    file: 'src/core/accounts/connection.ts',
    texts: [
      '${} is not set; nothing was sent.',
      '${} is not valid (${}); nothing was sent.',
      'No access token is set for the build service; nothing was sent.',
    ],
  },
  { why: 'an HTTP header value (Authorization: Bearer …)', file: 'src/api/client/requester.ts', texts: ['Bearer ${}'] },
  { why: 'an HTTP header value (Authorization: Bearer …)', file: 'src/api/downloads/download.ts', texts: ['Bearer ${}'] },
  {
    why: 'an icon and a folder name (build-artifacts/), the same in every language',
    file: 'src/commands/artifacts/artifactPicks.ts',
    texts: ['$(folder) ${}/'],
  },
  {
    why: 'api/: a download failure for the log; core/artifactDownload.ts words the reason for the user',
    file: 'src/api/downloads/download.ts',
    texts: [
      'not an address',
      'Only http:// and https:// links are downloaded; this link (${}) was refused.',
      'The link leads to http://${} while the service uses https://; it would be unencrypted, refused.',
      'The download of ${} was redirected ${}.',
      'too often',
      'The download server ${} answered ${}.',
      'The download was cancelled.',
      '${} sent nothing for ${} s.',
      'The connection to ${} failed${}.',
      '(not an address)',
    ],
  },
  {
    why: 'api/: a refused download hop for the log; core/refusalText.ts words the reason for the user',
    file: 'src/api/transport/downloadGuard.ts',
    texts: [
      'The download from ${} was redirected from https:// to http://${}, which would be unencrypted; refused.',
      'The download address ${} is at ${}, a ${} address, and the service is not; refused.',
      'The download address ${} does not resolve on this computer, so where it leads cannot be checked; over plain http:// it is refused.',
    ],
  },
  {
    why: "a file-system error's message, for the log; the user reads 'the file name is not usable'",
    file: 'src/core/artifacts/artifactFile.ts',
    texts: ['unusable name ${}'],
  },
  {
    why: LOG_ONLY_API_MESSAGE,
    file: 'src/api/client/requester.ts',
    texts: [
      'The access token could not be read; nothing was sent.',
      'No access token is set for the build service; nothing was sent.',
      'The access token contains a space, line break or other character that cannot be sent; set it again. Nothing was sent.',
      'The request to the build service failed unexpectedly.',
      'The build service sent an answer that is not valid JSON (${}).',
      'The build service sent JSON nested deeper than ${} levels (${}); it was not read.',
      'The build service sent JSON of more than ${} arrays and objects (${}); it was not read.',
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} (every HTTP status kind)`,
    file: 'src/api/statusErrors.ts',
    texts: [
      ' Try again later; the service status page may tell more.',
      'The build service found a parameter missing or malformed',
      'The build service did not accept the access token',
      'The access token is not allowed to do this',
      'The build service does not know this app, build or address',
      'The build service gave up waiting for the request',
      'The build service is receiving too many requests',
      'The build service refused the request',
      'The build service is temporarily unavailable',
      'The build service had an internal error',
      'The build service answered with an unexpected status',
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('network', 'timeout', 'cancelled', 'invalid-response')`,
    file: 'src/api/transport/transportFailure.ts',
    texts: [
      'Could not connect to the build service at ${} within ${}.',
      'The build service did not answer within ${}.',
      'The build service stopped sending its answer for ${}.',
      'The build service did not send its whole answer within ${}.',
      'The connection to the build service broke before the whole answer arrived.',
      'Could not connect to the build service at ${} (connection refused).',
      'The build service closed the connection without answering.',
      "Could not find the build service's host ${}.",
      'The connection to the build service at ${} failed${}.',
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('cancelled', 'invalid-response')`,
    file: 'src/api/transport/transport.ts',
    texts: [
      'The request was cancelled.',
      '${} MiB',
      '${} KiB',
      "The build service's answer is larger than the ${} this extension accepts; it was not read further.",
      'The request was cancelled because the build-service client was closed.',
    ],
  },
  {
    why: `${LOG_ONLY_API_MESSAGE} ('bad-request' found before sending)`,
    file: 'src/api/client/urls.ts',
    texts: [
      'An app or build id is empty; nothing was sent.',
      'The ${} contains a character that cannot be sent (an unpaired UTF-16 surrogate); nothing was sent.',
    ],
  },
  {
    why: "the operation named in the presenter's log line (ErrorPresenter.logDetails)",
    file: 'src/commands/register.ts',
    texts: ['Command ${}'],
  },
  {
    why: "the operation named in the presenter's log line (ErrorPresenter.logDetails)",
    file: 'src/services/builds/poller.ts',
    texts: ['Polling for builds'],
  },
  {
    why: 'HTML and CSP syntax of the start of a webview page; its title comes in translated',
    file: 'src/core/artifacts/html.ts',
    texts: [
      "default-src 'none'; style-src 'nonce-${}'; script-src 'nonce-${}'",
      '<!DOCTYPE html>\n<html lang="${}"><head><meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${}">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${}</title>',
    ],
  },
  {
    why: 'HTML and CSP syntax of the Build History page; its words come in translated, through its JSON',
    file: 'src/core/builds/historyPage.ts',
    texts: [
      '${}\n</head>\n<body>\n<header><h1 id="title"></h1><button id="toggle" type="button" aria-controls="chart table-view"></button></header>\n<p id="hint"></p>\n<div id="chart" role="img"></div>\n<div id="tooltip" hidden></div>\n<div id="table-view" hidden></div>\n<script id="history-data" type="application/json">${}</script>\n<script nonce="${}" src="${}"></script>\n</body></html>',
    ],
  },
  {
    why: 'HTML, CSS and CSP syntax of the QR page; its words come in translated',
    file: 'src/core/artifacts/installLink.ts',
    texts: [
      '${}\n<style nonce="${}">\nbody { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 16px; }\n.code { width: min(320px, 90vw); background: #fff; padding: 8px; }\n.code svg { display: block; width: 100%; height: auto; }\n.url { font-family: var(--vscode-editor-font-family); word-break: break-all; user-select: text; }\nbutton { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 6px 12px; cursor: pointer; }\nbutton:focus-visible { outline: 2px solid var(--vscode-focusBorder); outline-offset: 2px; }\n</style></head>\n<body>\n<main>\n<h1>${}</h1>\n<p>${}</p>\n<div class="code">${}</div>\n<p id="url-label">${}</p>\n<p class="url" id="url">${}</p>\n<button id="copy" type="button" autofocus aria-describedby="url">${}</button>\n</main>\n\n<script nonce="${}">\nconst vscode = acquireVsCodeApi();\nconst copy = document.getElementById(\'copy\');\ncopy.addEventListener(\'click\', () => vscode.postMessage({ type: \'copy\' }));\ncopy.focus();\n</script>\n</body></html>',
    ],
  },
  {
    why: 'SVG syntax of the QR drawing; its label comes in translated',
    file: 'src/core/artifacts/qrCode.ts',
    texts: [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${} ${}" shape-rendering="crispEdges" role="img" aria-label="${}">',
      '<rect width="${}" height="${}" fill="#fff"/><path fill="#000" d="${}"/></svg>',
    ],
  },
  { why: 'the exact time in a fixed, language-neutral form: "2017-03-02 22:13:26 UTC"', file: 'src/core/text/time.ts', texts: ['${} UTC'] },
  {
    why: 'the log line about ids the service listed twice (Log stays English for support)',
    file: 'src/core/apps/uniqueIds.ts',
    texts: [
      ' and ${} more',
      'an id',
      '${} ids',
      'The build service listed ${} more than once in ${} (${}${}); only the first of each is shown.',
    ],
  },
  ...(
    [
      ['src/commands/builds/buildCommands.ts', 'the branches of app ${}'],
      ['src/commands/builds/triggerPicks.ts', 'the branches of app ${}'],
      ['src/services/accounts/account.ts', 'the app list of ${}'],
      ['src/views/apps/buildsSection.ts', 'the builds of app ${}'],
      ['src/views/apps/buildsSection.ts', '${} and of another app'],
      ['src/views/apps/groupNodes.ts', 'the deployment groups of app ${}'],
    ] as const
  ).map(([file, text]) => ({ why: 'the list named in that log line, and its key for saying it once', file, texts: [text] })),
  {
    why: 'parts of the request log line (Log stays English for support)',
    file: 'src/services/accounts/clientCache.ts',
    texts: [' (attempt ${})', 'failed: ${}', ' — server said "${}"', '[${}] ${} ${} ${} in ${} ms${}${}'],
  },
  {
    why: 'the log line about a list longer than its limit, and its key for saying it once (Log stays English for support)',
    file: 'src/api/client/client.ts',
    texts: ['GET ${} answered ${} items for limit=${}; only the first ${} are kept.'],
  },
  {
    why: "the log's once-per-account line (warnOnce, which the scan does not take for a log call) and its key",
    file: 'src/services/builds/buildTracker.ts',
    texts: ['${}: more than ${} unfinished builds shown; ${} are polled, the others only as those end or are let go of.', 'follow cap ${}'],
  },
  {
    why: 'the key for saying a list longer than its limit once per address',
    file: 'src/services/accounts/clientCache.ts',
    texts: ['long list ${}'],
  },
  {
    why: 'an internal error no user meets (a bug report quotes it)',
    file: 'src/services/accounts/accounts.ts',
    texts: ['account ${} missing after sign-in'],
  },
  { why: 'the product name as the Accounts menu names the provider', file: 'src/commands/accounts/feature.ts', texts: ['Build Service'] },
  { why: "parts of the presenter's log line", file: 'src/services/errorPresenter.ts', texts: ['status ${}', 'server said "${}"'] },
  {
    why: 'the product name as the Output channel name (the Log class stays English)',
    file: 'src/services/log.ts',
    texts: ['Build Service'],
  },
  { why: 'the product name as the Testing view controller name', file: 'src/views/testing/testResultsView.ts', texts: ['Build Service'] },
  { why: 'a platform name (with "iOS", which the scan does not take for a word)', file: 'src/views/apps/nodes.ts', texts: ['Android'] },
  { why: 'a codicon before the translated status text', file: 'src/views/branch/branchStatusBar.ts', texts: ['$(warning) ${}'] },
];

const isAllowed = (literal: Literal) => ALLOWED.some((entry) => entry.file === literal.file && entry.texts.includes(literal.text));

describe('User-facing strings', () => {
  const found = untranslatedLiterals(projectRoot);

  it('every text in src/ a user reads goes through l10n.t, or is allowed in English with a reason', () => {
    const untranslated = found.filter((literal) => !isAllowed(literal)).map((l) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`);
    assert.deepEqual(untranslated, [], 'put these through (vscode.)l10n.t, or add them to ALLOWED with the reason they stay English');
  });

  it('every allowed text still exists, so the allowlist does not keep stale reasons', () => {
    const stale = ALLOWED.flatMap((entry) =>
      entry.texts
        .filter((text) => !found.some((l) => l.file === entry.file && l.text === text))
        .map((text) => `${entry.file} ${JSON.stringify(text)}`),
    );
    assert.deepEqual(stale, []);
  });

  it('text reads as text, also beside a template substitution; ids, paths and units do not', () => {
    for (const text of ['Set Access Token', 'Retry', 'Open…', 'no builds yet']) assert.ok(readsLikeText(text), text);
    for (const text of ['buildService.apps', 'retry', 'application/json', 'iOS', '']) assert.ok(!readsLikeText(text), text);
    for (const text of ['Branch: ${}', '${} failed', 'Build ${} of ${}', '(${} min)', 'took ${} ms'])
      assert.ok(templateReadsLikeText(text), text);
    for (const text of ['build:${}', 'build.${}', '${}px', '/apps/${}/builds', '?page=${}&limit=${}', '${} ${}', '${} s'])
      assert.ok(!templateReadsLikeText(text), text);
  });

  it('the scan finds a string left outside l10n.t, and not one inside it or in a log call', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'build-service-scan-'));
    try {
      mkdirSync(path.join(root, 'src'));
      const source = [
        "import * as vscode from 'vscode';",
        'export function f(log: { warn(m: string): void }, branch: string): string[] {',
        '  log.warn(`Loading ${branch} failed`);',
        "  void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}', branch));",
        '  return [`Branch: ${branch}`, "Nothing to show", `id:${branch}`];',
        '}',
      ].join('\n');
      writeFileSync(path.join(root, 'src', 'sample.ts'), source);
      assert.deepEqual(
        untranslatedLiterals(root).map((l) => [l.line, l.text]),
        [
          [5, 'Branch: ${}'],
          [5, 'Nothing to show'],
        ],
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
