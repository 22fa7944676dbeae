// The shape of the reference build service as the test suites, benchmarks and `npm start` use it.
// The implementation lives beside this file (server.ts); everything it serves follows ../shared/API.md.

/** What the service saw of one request, exactly as it arrived on the wire. */
export interface RecordedRequest {
  method: string;
  /** The request target as sent, still percent-encoded, e.g. `/v1/apps/ab/builds?branch=feature%2Fx`. */
  rawUrl: string;
  /** The path after the version segment, still percent-encoded, e.g. `/apps/ab/builds`. */
  rawPath: string;
  /** Query values, decoded once. */
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The request body as text (UTF-8), '' when there was none. */
  body: string;
  /** The route key the request matched (see RouteKey), or undefined for an unknown route (404). */
  route?: RouteKey;
  /** The status the service answered with (after faults); 0 when a fault dropped the connection unanswered. */
  status: number;
}

/** One key per documented route; faults are switched per route. */
export type RouteKey =
  | 'GET /apps'
  | 'GET /apps/:app_id/branches'
  | 'GET /apps/:app_id/builds'
  | 'GET /apps/:app_id/build/latest'
  | 'POST /apps/:app_id/build'
  | 'GET /builds/:build_id'
  | 'POST /builds/:build_id/cancel'
  | 'GET /builds/:build_id/tests'
  | 'GET /builds/:build_id/coverage'
  | 'GET /apps/:app_id/deployment-groups'
  /** Not in the API: where the service's own download links point (artifacts.ts). */
  | 'GET /builds/:build_id/artifacts/:file';

/** A fault replaces or disturbs the route's normal answer. All fields optional; combine as needed. */
export interface Fault {
  /** Answer with this status instead of the normal one. */
  status?: number;
  /** The body to send with `status`: JSON `{"error": errorMessage}` (default), an HTML page, or nothing. */
  body?: 'json' | 'html' | 'empty';
  /** The `error` string for body 'json'. */
  errorMessage?: string;
  /** Send this text verbatim as the body (with the normal or faulted status); overrides `body`. */
  rawBody?: string;
  /** A `Retry-After` header value, e.g. '2' or an HTTP date. */
  retryAfter?: string;
  /** Wait this long before sending headers. */
  delayBeforeHeadersMs?: number;
  /** Send headers and half the body, wait this long, then the rest. */
  delayMidBodyMs?: number;
  /** Send headers (with the full Content-Length) and part of the body, then destroy the socket. */
  cutBody?: boolean;
  /** Send the text `{"not json` as a 200 body. */
  invalidJson?: boolean;
  /** Send a well-formed JSON body of the wrong shape (e.g. an object where an array is documented). */
  wrongShape?: boolean;
  /** Destroy the connection without answering. */
  dropConnection?: boolean;
  /** Encode the body as Latin-1 instead of UTF-8 (accented names become bytes that are not UTF-8). */
  latin1Body?: boolean;
  /** Send a body of this many bytes (JSON whitespace inside an array) instead of the answer, streamed. */
  hugeBodyBytes?: number;
  /** With hugeBodyBytes: announce the size in Content-Length (default: chunked, no length). */
  declareLength?: boolean;
  /**
   * Send headers (chunked, no length), then the answer one byte every this many ms, then spaces
   * (JSON whitespace) the same way, forever: never idle long enough for an idle timeout, never done.
   */
  dripEveryMs?: number;
  /** Answer 302 with this Location (as a service sending a download on to its CDN does). */
  redirectTo?: string;
  /** Apply the fault only to the first N matching requests, then answer normally (default: every one). */
  times?: number;
}

export interface App {
  _id: string;
  app_name: string;
  /** The live service sometimes left it out (API.md 2b). */
  platform?: string;
  [extra: string]: unknown;
}

export interface Build {
  _id: string;
  app_id: string;
  repo_url: string;
  build_status: 'queued' | 'running' | 'success' | 'failed' | 'cancelled';
  finished: boolean;
  commit_info: {
    tags: string[];
    branch: string;
    commit_sha: string;
    author: string;
    message: string;
    html_url: string;
  };
  build_number: number;
  created_at: string;
  started_at?: string | null;
  finished_at?: string | null;
  test_summary: { tests_count?: number; tests_passed?: number; code_coverage_percentage?: number };
  links: { download: { name: string; url: string }[]; install: { name: string; url: string }[] };
  /** On a pull request's build: the branch it merges into (API.md 2b). */
  pull_request_destination_commit_info?: Build['commit_info'] & { merge_status: string };
  [extra: string]: unknown;
}

export interface ServiceOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
  /** Replace the seeded apps with this many generated ones (e.g. 10_000). */
  appCount?: number;
  /** Move unfinished builds queued → running → success/failed on a timer (for demos). Default false. */
  progress?: boolean;
  /** How often progress moves builds; default 2000 ms. */
  progressTickMs?: number;
  /** Called after each request is recorded (e.g. to log it). */
  onRequest?: (request: RecordedRequest) => void;
  /** Serve HTTPS with this key and certificate (PEM) instead of HTTP. */
  tls?: { key: string; cert: string };
  /** The host name baseUrl uses instead of the bound address (e.g. a name only a proxy resolves). */
  publicHost?: string;
  /** Serve names, branches, commit details, test names and links written like an attacker's (hostileText.ts). */
  hostileText?: boolean;
  /** The seeded user's token instead of DEMO_TOKEN: a second service that must never see the first one's. */
  token?: string;
  /** Another seeded data set: app ids (so build ids) from this seed and its name before each app's name. */
  seed?: string;
}

export interface ReferenceService {
  /** e.g. `http://127.0.0.1:41234/v1` */
  readonly baseUrl: string;
  /** The valid personal access token of the seeded user. */
  readonly token: string;
  /** Every request seen since start or the last clearRequests(), oldest first. */
  readonly requests: readonly RecordedRequest[];
  clearRequests(): void;
  setFault(route: RouteKey, fault: Fault): void;
  clearFaults(): void;
  /** Restore seeded data, clear faults and requests, forget revoked tokens. */
  reset(): void;
  /** Make a token invalid (401 "Invalid authorization token") from now on. */
  revokeToken(token: string): void;
  /** Seeded data, mutable by tests (e.g. to finish a running build). */
  readonly data: { apps: App[]; builds: Build[] /* plus branches, tests, coverage as the implementation keeps them */ };
  /** Replace the apps (e.g. `generateApps(10_000)` or `[]`). */
  setApps(apps: App[]): void;
  /** Move every unfinished build one step now: queued → running, running → success/failed. */
  advanceBuilds?(): void;
  /** Make another token valid (a second user or a re-made token); returns it. */
  issueToken?(token?: string): string;
  close(): Promise<void>;
}
