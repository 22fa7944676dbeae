// The fault matrix (issue 9): each case disturbs the reference service (or the way to it). Every case
// runs in plain Node (test/unit/faults.matrix.test.ts: the client, and the words describeFailure gives
// the view and the toast); the cases marked `host` also run in the real host through the Apps view
// (test/integration/suite/faults.matrix.test.ts), one for each thing the user sees differently, since
// the view draws every failure of one part of the tree through the same code.
// Texts are the exact sentences the user reads; `node` is the first row left in the part of the view that failed.
import type { ApiErrorKind } from '../src/api/errors';
import type { Fault, RouteKey } from './service/contract';

export type Where = 'apps' | 'builds' | 'details';

export interface Environment {
  /** Point buildService.baseUrl (and, for the client, its address) elsewhere for this case. */
  baseUrl?: 'refused' | 'unresolvable' | 'tls-to-plain' | 'untrusted-tls' | 'expired-tls';
  /** Send everything through the proxy that wants Basic credentials (none given): 407. */
  proxy407?: boolean;
}

export interface FaultCase {
  name: string;
  where: Where;
  route?: RouteKey;
  fault?: Fault;
  env?: Environment;
  /** 'none': the answer is usable and the view shows data. */
  kind: ApiErrorKind | 'none';
  /** The client's own message (for the log), when it fails. */
  clientMessage?: RegExp;
  /** The toast (apps) or the error row's tooltip first line (builds, details). */
  text?: string;
  node: string;
  icon?: 'error' | 'warning';
  /** Requests one load sends for the route (retries included), when it matters. */
  requests?: number;
  timeoutSeconds?: number;
  /** Also run in the real host, through the Apps view: the representative of its kind of outcome. */
  host?: boolean;
}

const SHOW_LOG = {
  network: 'Could not connect to the build service. Check the buildService.baseUrl setting and your network connection.',
  unreadable: 'The build service sent an answer this extension cannot read.',
  timeout: 'The build service did not answer within 1 second (buildService.requestTimeoutSeconds).',
};
const unavailable = (status: number) =>
  `The build service is temporarily unavailable (${status}). Check its status page or try again in a few minutes.`;
const TOKEN_FIX = 'Set a personal access token from the dashboard.';

function statusCases(): FaultCase[] {
  const cases: FaultCase[] = [];
  for (const body of ['json', 'html', 'empty'] as const) {
    const route: RouteKey = 'GET /apps';
    const jsonMessage = body === 'json';
    // Each status of GET /apps, answered with this body: the toast's text and the row left in the view.
    const answered = (status: number, kind: ApiErrorKind, text: string, node: string, more: Partial<FaultCase> = {}): FaultCase => ({
      name: `${status} with a ${body} body`,
      where: 'apps',
      route,
      fault: { status, body },
      kind,
      text,
      node,
      icon: 'error',
      ...more,
    });
    const retried = { icon: 'warning', requests: 3 } as const;
    const accessToken = jsonMessage ? 'Invalid authorization token.' : 'The build service did not accept the access token.';
    cases.push(
      answered(400, 'bad-request', 'The build service refused the request as malformed (400).', 'Request refused'),
      answered(401, 'unauthorized', `${accessToken} ${TOKEN_FIX}`, accessToken, {
        host: body === 'html',
        fault: { status: 401, body, errorMessage: 'Invalid authorization token' },
      }),
      answered(
        404,
        'not-found',
        'The build service answered "not found" (404). Check that buildService.baseUrl is the service\'s /v1 address.',
        'Address not found',
      ),
      answered(500, 'server-error', 'The build service had an internal error (500). Try again later.', 'Service error', {
        host: body === 'empty',
      }),
      answered(503, 'unavailable', unavailable(503), 'Service temporarily unavailable', {
        ...retried,
        name: `503 with a ${body} body (retried, then given up)`,
        host: body === 'html',
      }),
      answered(504, 'unavailable', unavailable(504), 'Service temporarily unavailable', {
        ...retried,
        name: `504 with a ${body} body (retried, then given up)`,
      }),
    );
  }
  // The same statuses below an app: the row under the app says it, no toast.
  cases.push(
    {
      name: '500 while listing builds',
      where: 'builds',
      route: 'GET /apps/:app_id/builds',
      fault: { status: 500, body: 'html' },
      kind: 'server-error',
      text: 'The build service had an internal error (500). Try again later.',
      node: 'Service error',
      icon: 'error',
    },
    {
      name: '404 while listing builds',
      where: 'builds',
      route: 'GET /apps/:app_id/builds',
      fault: { status: 404, body: 'empty' },
      kind: 'not-found',
      text: 'The build service answered "not found" (404). Check that buildService.baseUrl is the service\'s /v1 address.',
      node: 'Address not found',
      icon: 'error',
    },
    {
      name: '503 while reading test results',
      host: true,
      where: 'details',
      route: 'GET /builds/:build_id/tests',
      fault: { status: 503, body: 'json' },
      kind: 'unavailable',
      text: unavailable(503),
      node: 'Service temporarily unavailable',
      icon: 'warning',
    },
  );
  return cases;
}

function retryAfterCases(): FaultCase[] {
  const route: RouteKey = 'GET /apps';
  return [
    {
      name: 'Retry-After in seconds (1): waited for, then the apps',
      host: true,
      where: 'apps',
      route,
      fault: { status: 503, retryAfter: '1', times: 1 },
      kind: 'none',
      node: '2048 Android App',
      requests: 2,
    },
    {
      name: 'Retry-After in seconds beyond the 5 s cap: fails at once, no retry',
      host: true,
      where: 'apps',
      route,
      fault: { status: 503, retryAfter: '120' },
      kind: 'unavailable',
      text: unavailable(503),
      node: 'Service temporarily unavailable',
      icon: 'warning',
      requests: 1,
    },
    {
      name: 'Retry-After as an HTTP date: waited for, then the apps',
      where: 'apps',
      route,
      // Made when the case runs: a date made when the cases are listed may be past by then.
      get fault(): Fault {
        return { status: 503, retryAfter: new Date(Date.now() + 2_000).toUTCString(), times: 1 };
      },
      kind: 'none',
      node: '2048 Android App',
      requests: 2,
    },
    {
      name: 'Retry-After as a date a day away: fails at once',
      where: 'apps',
      route,
      fault: { status: 503, retryAfter: new Date(Date.now() + 86_400_000).toUTCString() },
      kind: 'unavailable',
      text: unavailable(503),
      node: 'Service temporarily unavailable',
      icon: 'warning',
      requests: 1,
    },
    {
      name: 'Retry-After as garbage: ignored, the usual backoff',
      where: 'apps',
      route,
      fault: { status: 503, retryAfter: 'soon-ish' },
      kind: 'unavailable',
      text: unavailable(503),
      node: 'Service temporarily unavailable',
      icon: 'warning',
      requests: 3,
    },
  ];
}

function wireCases(): FaultCase[] {
  const route: RouteKey = 'GET /apps';
  const big = 100 * 1024 * 1024;
  return [
    {
      name: 'headers that never come',
      host: true,
      where: 'apps',
      route,
      fault: { delayBeforeHeadersMs: 4_000 },
      kind: 'timeout',
      clientMessage: /did not answer within 1 s/,
      text: SHOW_LOG.timeout,
      node: 'No answer in time',
      icon: 'error',
      timeoutSeconds: 1,
    },
    {
      name: 'a body that stalls',
      where: 'apps',
      route,
      fault: { delayMidBodyMs: 4_000 },
      kind: 'timeout',
      clientMessage: /did not send its whole answer within 1 s/,
      text: SHOW_LOG.timeout,
      node: 'No answer in time',
      icon: 'error',
      timeoutSeconds: 1,
    },
    {
      name: 'a body that is cut',
      host: true,
      where: 'apps',
      route,
      fault: { cutBody: true },
      kind: 'network',
      clientMessage: /broke before the whole answer arrived/,
      text: SHOW_LOG.network,
      node: 'Cannot reach the service',
      icon: 'error',
      requests: 1,
    },
    {
      name: 'a body that is not UTF-8: shown with replacement characters',
      host: true,
      where: 'apps',
      route,
      fault: { latin1Body: true },
      kind: 'none',
      node: 'Caf\uFFFD Cr\uFFFDme iOS',
    },
    {
      name: 'a 100 MB body announced by Content-Length',
      where: 'apps',
      route,
      fault: { hugeBodyBytes: big, declareLength: true },
      kind: 'invalid-response',
      clientMessage: /larger than the 32 MiB/,
      text: SHOW_LOG.unreadable,
      node: 'Unreadable answer',
      icon: 'error',
    },
    {
      name: 'a 100 MB body without a length (chunked)',
      host: true,
      where: 'apps',
      route,
      fault: { hugeBodyBytes: big },
      kind: 'invalid-response',
      clientMessage: /larger than the 32 MiB/,
      text: SHOW_LOG.unreadable,
      node: 'Unreadable answer',
      icon: 'error',
    },
    {
      name: 'a body that is not JSON',
      where: 'apps',
      route,
      fault: { invalidJson: true },
      kind: 'invalid-response',
      clientMessage: /not valid JSON/,
      text: SHOW_LOG.unreadable,
      node: 'Unreadable answer',
      icon: 'error',
    },
    {
      name: 'a connection reset without an answer',
      where: 'apps',
      route,
      fault: { dropConnection: true },
      kind: 'network',
      clientMessage: /closed the connection without answering/,
      text: SHOW_LOG.network,
      node: 'Cannot reach the service',
      icon: 'error',
      requests: 3,
    },
    {
      name: 'connection refused',
      where: 'apps',
      env: { baseUrl: 'refused' },
      kind: 'network',
      clientMessage: /connection refused/,
      text: SHOW_LOG.network,
      node: 'Cannot reach the service',
      icon: 'error',
    },
    {
      name: 'DNS failure',
      where: 'apps',
      env: { baseUrl: 'unresolvable' },
      kind: 'network',
      clientMessage: /Could not find the build service's host builds\.service\.invalid/,
      text: SHOW_LOG.network,
      node: 'Cannot reach the service',
      icon: 'error',
    },
    {
      name: 'TLS failure: https:// to a plain HTTP port',
      where: 'apps',
      env: { baseUrl: 'tls-to-plain' },
      kind: 'network',
      clientMessage: /The connection to the build service at https:\/\/127\.0\.0\.1:\d+ failed/,
      text: SHOW_LOG.network,
      node: 'Cannot reach the service',
      icon: 'error',
    },
    {
      name: 'TLS failure: a certificate from an unknown CA',
      where: 'apps',
      env: { baseUrl: 'untrusted-tls' },
      kind: 'certificate',
      clientMessage: /is not trusted/,
      node: 'Certificate not accepted',
      icon: 'error',
    },
    {
      name: 'TLS failure: an expired certificate',
      host: true,
      where: 'apps',
      env: { baseUrl: 'expired-tls' },
      kind: 'certificate',
      clientMessage: /has expired/,
      node: 'Certificate not accepted',
      icon: 'error',
    },
    {
      name: 'proxy 407',
      where: 'apps',
      // An address off this computer: a loopback one never goes through a proxy.
      env: { proxy407: true, baseUrl: 'unresolvable' },
      kind: 'proxy-auth',
      clientMessage: /proxy asked for authentication \(407\)/,
      text: 'The proxy requires authentication (407) and did not accept the credentials. Set them in http.proxy (http://user:password@host:port) or http.proxyAuthorization.',
      node: 'Proxy authentication required',
      icon: 'error',
    },
  ];
}

/** A value of another JSON type than `value`'s. */
function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return 'forty-two';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { not: 'a list' };
  if (value === null) return ['not', 'null'];
  return 'not an object';
}

export const STATIC_CASES: FaultCase[] = [...statusCases(), ...retryAfterCases(), ...wireCases()];

/** The reference service's real answers that the wrong-field cases change. */
export type Documents = Partial<Record<'apps' | 'builds' | 'tests' | 'coverage', unknown>>;

interface WrongField {
  doc: keyof Documents;
  where: Where;
  route: RouteKey;
  path: (string | number)[];
  host?: boolean;
}

const field = (doc: keyof Documents, where: Where, route: RouteKey, path: (string | number)[], host = false): WrongField => ({
  doc,
  where,
  route,
  path,
  host,
});

/** Each field of each model the view shows; one per part of the tree also runs in the host. */
const WRONG_FIELDS: WrongField[] = [
  ...['_id', 'app_name', 'platform'].map((f) => field('apps', 'apps', 'GET /apps', [0, f])),
  ...[
    '_id',
    'app_id',
    'repo_url',
    'build_status',
    'finished',
    'build_number',
    'commit_info',
    'created_at',
    'started_at',
    'finished_at',
    'test_summary',
    'links',
    'scheme_name',
  ].map((f) => field('builds', 'builds', 'GET /apps/:app_id/builds', [0, f], f === 'build_status')),
  ...['branch', 'commit_sha', 'author', 'message', 'html_url', 'tags'].map((f) =>
    field('builds', 'builds', 'GET /apps/:app_id/builds', [0, 'commit_info', f]),
  ),
  ...['tests_count', 'tests_passed', 'code_coverage_percentage'].map((f) =>
    field('builds', 'builds', 'GET /apps/:app_id/builds', [0, 'test_summary', f]),
  ),
  ...['build_id', 'tests'].map((f) => field('tests', 'details', 'GET /builds/:build_id/tests', [f])),
  ...['run', 'target', 'suite', 'name', 'status'].map((f) =>
    field('tests', 'details', 'GET /builds/:build_id/tests', ['tests', 0, f], f === 'status'),
  ),
  ...['build_id', 'coverage', 'targets'].map((f) => field('coverage', 'details', 'GET /builds/:build_id/coverage', [f])),
  ...['name', 'coverage'].map((f) => field('coverage', 'details', 'GET /builds/:build_id/coverage', ['targets', 0, f])),
];

/**
 * One case per field: the real answer with that field of another type, which the client refuses,
 * naming the field's place. `documents` is filled when the suite starts; each fault is made when its case runs.
 */
export function wrongFieldCases(documents: Documents): FaultCase[] {
  return WRONG_FIELDS.map(({ doc, where, route, path, host }) => {
    const c: FaultCase = {
      name: `${doc === where ? '' : `${doc}: `}${path.join('.')} of another type`,
      where,
      route,
      kind: 'invalid-response',
      clientMessage: new RegExp(`${escapeRegExp(placeOf(path))} should be`),
      text: SHOW_LOG.unreadable,
      node: 'Unreadable answer',
      icon: 'error',
      host,
    };
    Object.defineProperty(c, 'fault', { get: () => ({ rawBody: JSON.stringify(withWrongType(documents[doc], path)) }) });
    return c;
  });
}

/** The field's place as the client's message names it, e.g. `[0].commit_info.branch`, `tests[0].run`. */
function placeOf(path: (string | number)[]): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function withWrongType(doc: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (!(last in parent)) throw new Error(`the reference answer has no ${path.join('.')}`);
  parent[last] = wrongTypeFor(parent[last]);
  return copy;
}
