import { parseBaseUrl } from './baseUrl';
import { ApiError } from '../errors';
import type { NetworkOptions } from '../transport/network';
import type { App, Branch, Build, BuildFilter, Coverage, DeploymentGroup, TestResults } from '../models';
import { type DownloadOptions, type OpenedDownload, openDownload } from '../downloads/download';
import { askArtifactSize } from '../downloads/artifactSize';
import { parseApps, parseBranches, parseDeploymentGroups } from '../parsing/parseApps';
import { parseBuild, parseBuilds } from '../parsing/parseBuild';
import { parseCoverage, parseTestResults, parseTriggeredBuildId, TESTS_MAX } from '../parsing/parseResults';
import { type ApiCall, type ApiAnswer, type RequestReport, Requester } from './requester';
import { RequestGate } from './requestGate';
import { DEFAULT_RETRY, type RetryOptions } from './retry';
import { Transport } from '../transport/transport';
import { apiPath, encodeValue, queryString } from './urls';

export interface BuildServiceClientOptions {
  /** Ends in /v1; otherwise the constructor throws InvalidBaseUrlError. */
  baseUrl: string;
  getToken: () => Promise<string | undefined>;
  /** Connect, headers and body-idle timeout each, and the deadline of a whole request (deadline.ts), in ms. */
  timeoutMs?: number;
  userAgent?: string;
  retry?: Partial<RetryOptions>;
  /** Larger answers fail as invalid-response. */
  maxResponseBytes?: number;
  onRequest?: (report: RequestReport) => void;
  /** Without it, the environment's proxy and the system certificate store. */
  network?: NetworkOptions;
  onNetworkReady?: (description: string) => void;
  /** A list came back longer than its `limit` and was cut to it; the log says it once per service. */
  onLongList?: (note: string) => void;
}

export interface Cancellable {
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_USER_AGENT = 'build-service-vscode/0.1.0';

/** The build service's REST API v1. Every method rejects with ApiError only. */
export class BuildServiceClient {
  private readonly transport: Transport;
  private readonly requester: Requester;
  private readonly gate = new RequestGate();
  private readonly downloads: { baseUrl: string; userAgent: string; timeoutMs: number };
  private readonly onLongList: ((note: string) => void) | undefined;

  constructor(options: BuildServiceClientOptions) {
    const baseUrl = parseBaseUrl(options.baseUrl);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.transport = new Transport({
      baseUrl,
      timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      network: options.network,
      onNetworkReady: options.onNetworkReady,
    });
    this.requester = new Requester({
      baseUrl,
      getToken: options.getToken,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      deadlineMs: timeoutMs,
      transport: this.transport,
      onRequest: options.onRequest,
    });
    this.downloads = { baseUrl, userAgent: options.userAgent ?? DEFAULT_USER_AGENT, timeoutMs };
    this.onLongList = options.onLongList;
  }

  async listApps(options: Cancellable = {}): Promise<App[]> {
    return parseApps(await this.get('/apps', options));
  }

  async listBranches(appId: string, options: Cancellable & { includeDeleted?: boolean } = {}): Promise<Branch[]> {
    const query = { includeDeleted: options.includeDeleted ? true : undefined };
    return parseBranches(await this.get(apiPath('apps', appId, 'branches') + queryString(query), options));
  }

  /** Newest first, at most `limit` (1–100); the service's default applies when it is left out. */
  async listBuilds(appId: string, options: BuildFilter & Cancellable & { limit?: number } = {}): Promise<Build[]> {
    const { limit } = options;
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
      throw new ApiError(
        'bad-request',
        `The number of builds to list must be a whole number from 1 to 100, not ${limit}; nothing was sent.`,
      );
    }
    const query = { branch: options.branch, scheme: options.scheme, status: options.status, limit };
    const path = apiPath('apps', appId, 'builds');
    return parseBuilds(this.cut(await this.get(path + queryString(query), options), limit, path));
  }

  async getLatestBuild(appId: string, options: BuildFilter & Cancellable = {}): Promise<Build> {
    const query = { branch: options.branch, scheme: options.scheme, status: options.status };
    return parseBuild(await this.get(apiPath('apps', appId, 'build', 'latest') + queryString(query), options));
  }

  async getBuild(buildId: string, options: Cancellable = {}): Promise<Build> {
    return parseBuild(await this.get(apiPath('builds', buildId), options));
  }

  /** Builds the branch tip (default: the app's default branch) and returns the id; never retried (retry.ts). */
  async triggerBuild(appId: string, options: Cancellable & { branch?: string } = {}): Promise<string> {
    if (options.branch !== undefined) encodeValue(options.branch, 'branch');
    const path = apiPath('apps', appId, 'build');
    const answer = await this.send({ method: 'POST', path, json: { branch: options.branch }, signal: options.signal });
    if (answer.body === undefined) {
      throw new ApiError(
        'invalid-response',
        `The build service accepted the build (${answer.status}) but did not say its id; refresh the build list instead of triggering again.`,
        { status: answer.status },
      );
    }
    return parseTriggeredBuildId(answer.body);
  }

  /** Cancels an unfinished build; the service ignores finished ones. Any 2xx, with or without a body, is success. */
  async cancelBuild(buildId: string, options: Cancellable = {}): Promise<void> {
    await this.send({ method: 'POST', path: apiPath('builds', buildId, 'cancel'), signal: options.signal });
  }

  /** Only failed tests unless asked otherwise (the service's default). */
  async getTests(buildId: string, options: Cancellable & { showFailed?: boolean; showPassing?: boolean } = {}): Promise<TestResults> {
    const query = { showFailed: options.showFailed, showPassing: options.showPassing };
    const path = apiPath('builds', buildId, 'tests') + queryString(query);
    const answer = await this.answer(path, options, { key: 'tests', max: TESTS_MAX });
    return parseTestResults(answer.body, answer.listed);
  }

  async getCoverage(
    buildId: string,
    options: Cancellable & { showFileCoverage?: boolean; showFunctionCoverage?: boolean } = {},
  ): Promise<Coverage> {
    const query = { showFileCoverage: options.showFileCoverage, showFunctionCoverage: options.showFunctionCoverage };
    return parseCoverage(await this.get(apiPath('builds', buildId, 'coverage') + queryString(query), options));
  }

  async listDeploymentGroups(appId: string, options: Cancellable = {}): Promise<DeploymentGroup[]> {
    return parseDeploymentGroups(await this.get(apiPath('apps', appId, 'deployment-groups'), options));
  }

  /** Opens an artifact link (http(s) only); the token goes only to the service's origin. No overall deadline,
   * as a big file may take long: the timeout is per silence. Not one of the four slots: those are for answers. */
  async openDownload(url: string, options: DownloadOptions = {}): Promise<OpenedDownload> {
    return openDownload({ ...this.downloads, token: () => this.requester.readToken(), route: () => this.transport.route() }, url, options);
  }

  /** An artifact's size from one ranged request through the download's guards; undefined when the server will not say. */
  async artifactSize(url: string, signal?: AbortSignal): Promise<number | undefined> {
    return askArtifactSize(
      { ...this.downloads, token: () => this.requester.readToken(), route: () => this.transport.route() },
      url,
      signal,
    );
  }

  /** Requests holding one of the four slots now (the bench counts them). */
  get inFlight(): number {
    return this.gate.inFlight;
  }

  /** Closes the connections; requests still running reject with `cancelled`. */
  dispose(): Promise<void> {
    return this.transport.close();
  }

  close(): Promise<void> {
    return this.dispose();
  }

  // Cut before parsing: a service that ignores `limit` must not cost every caller what it sent beyond it.
  private cut(body: unknown, limit: number | undefined, path: string): unknown {
    if (limit === undefined || !Array.isArray(body) || body.length <= limit) return body;
    this.onLongList?.(`GET ${path} answered ${body.length} items for limit=${limit}; only the first ${limit} are kept.`);
    return body.slice(0, limit);
  }

  private async get(path: string, options: Cancellable): Promise<unknown> {
    return (await this.answer(path, options)).body;
  }

  private answer(path: string, options: Cancellable, list?: ApiCall['list']): Promise<ApiAnswer> {
    return this.gate.share(`GET ${path}`, options.signal, (signal) => this.send({ method: 'GET', path, signal, list }));
  }

  /** POSTs are never shared: two triggers are two builds. */
  private send(call: ApiCall): Promise<ApiAnswer> {
    return this.gate.limit(() => this.requester.call(call), call.signal);
  }
}
