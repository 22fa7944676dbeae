// The reference build service: a real HTTP server on 127.0.0.1 that implements API v1 as
// ../../shared/API.md documents it, with switchable faults and a record of every request.
// Node built-ins only: it also runs inside the extension host.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { App, Fault, RecordedRequest, ReferenceService, RouteKey, ServiceOptions } from './contract';
import type { ServiceData } from './data';
import { finishBuild } from './buildResults';
import { trackConcurrency } from './concurrency';
import { handleRequest } from './handleRequest';
import { serveHostileText } from './hostileText';
import { objectIdFor } from './ids';
import { addGeneratedApps } from './seed';
import { BuildProgress } from './progress';
import { ServiceState } from './serviceState';

export type * from './contract';
export type { ServiceData } from './data';
export { generateApps } from './seed';
export { artifactDigest, artifactSeed, artifactSize, LARGE_ARTIFACT_BYTES } from './artifacts';
export { startArtifactHost, type ArtifactHost } from './artifactHost';
export { HOSTILE, HOSTILE_BUILD_ID } from './hostileText';
export { DEMO_TOKEN } from './tokens';

const DEFAULT_PROGRESS_TICK_MS = 2000;

/** A running service. Beyond the contract: `advanceBuilds()`, `finishBuild()`, `issueToken()` and typed `data`. */
export class RunningService implements ReferenceService {
  private readonly progress: BuildProgress;

  constructor(
    private readonly server: Server,
    private readonly state: ServiceState,
    readonly baseUrl: string,
  ) {
    this.progress = new BuildProgress(state.data);
    if (state.options.progress) {
      state.timers.every(state.options.progressTickMs ?? DEFAULT_PROGRESS_TICK_MS, () => this.progress.tick(Date.now()));
    }
  }

  get token(): string {
    return this.state.tokens.demoToken;
  }

  get requests(): readonly RecordedRequest[] {
    return this.state.requests;
  }

  get data(): ServiceData {
    return this.state.data;
  }

  /** The requests seen for one route (e.g. 'GET /apps/:app_id/builds'), or only those whose path contains `pathPart`. */
  requestsTo(route: RouteKey, pathPart = ''): RecordedRequest[] {
    return this.state.requests.filter((request) => request.route === route && request.rawPath.includes(pathPart));
  }

  clearRequests(): void {
    this.state.requests = [];
  }

  setFault(route: RouteKey, fault: Fault): void {
    this.state.faults.set(route, fault);
  }

  clearFaults(): void {
    this.state.faults.clear();
  }

  reset(): void {
    this.state.reset();
  }

  revokeToken(token: string): void {
    this.state.tokens.revoke(token);
  }

  issueToken(token = `issued-token-${objectIdFor(`token:${this.state.tokens.issuedCount()}`)}`): string {
    this.state.tokens.issue(token);
    return token;
  }

  setApps(apps: App[]): void {
    this.state.setApps(apps);
  }

  /** Adds `count` apps after the seeded ones, each with one build of a repository no other app builds. */
  addGeneratedApps(count: number): void {
    addGeneratedApps(this.state.data, count);
  }

  /** From now on (and after reset) serve the hostile names, commit details, test names and links of hostileText.ts. */
  serveHostileText(): void {
    if (this.state.options.hostileText) return;
    this.state.options.hostileText = true;
    serveHostileText(this.state.data);
  }

  advanceBuilds(): void {
    this.progress.advanceAll(Date.now());
  }

  /** Ends one unfinished build now with the outcome a test needs (its tests and links come with it). */
  finishBuild(buildId: string, outcome: 'success' | 'failed'): void {
    const build = this.state.data.builds.find((b) => b._id === buildId);
    if (!build || build.finished) throw new Error(`no unfinished build ${buildId}`);
    finishBuild(this.state.data, build, outcome, new Date().toISOString());
  }

  /** Stops at once: keep-alive and half-answered connections are cut and every timer is cleared. */
  close(): Promise<void> {
    this.state.timers.clearAll();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

function baseUrlOf(server: Server, options: ServiceOptions): string {
  const { address, port } = server.address() as AddressInfo;
  const name = options.publicHost ?? address;
  const host = name.includes(':') ? `[${name}]` : name;
  return `${options.tls ? 'https' : 'http'}://${host}:${port}/v1`;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const state = new ServiceState({ ...options });
  const listener: RequestListener = (request: IncomingMessage, response: ServerResponse) => {
    trackConcurrency(request, response);
    handleRequest(state, request, response).catch((error: unknown) => {
      // Only a bug in the service lands here; answer 500 if still possible rather than hang.
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ error: `Internal server error: ${String(error)}` }));
    });
  };
  const server: Server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const baseUrl = baseUrlOf(server, options);
  state.listensAt(new URL(baseUrl).origin);
  return new RunningService(server, state, baseUrl);
}
