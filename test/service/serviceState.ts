// The mutable state of one running service; each service has its own (no module-level state).
import type { App, RecordedRequest, ServiceOptions } from './contract';
import type { ServiceData } from './data';
import { FaultBook } from './faults';
import { objectIdFor } from './ids';
import { serveHostileText } from './hostileText';
import { generateApps, seedData } from './seed';
import { DEMO_TOKEN, TokenBook } from './tokens';
import { Timers } from './timers';

export class ServiceState {
  readonly data: ServiceData;
  readonly faults = new FaultBook();
  readonly tokens: TokenBook;
  readonly timers = new Timers();
  requests: RecordedRequest[] = [];
  private triggered = 0;

  /** Where download links point; known once the server listens (listensAt). */
  private origin = 'http://127.0.0.1';

  constructor(readonly options: ServiceOptions) {
    this.tokens = new TokenBook(options.token ?? DEMO_TOKEN);
    this.data = seedData(this.origin, options.seed);
    this.applyAppCount();
    if (options.hostileText) serveHostileText(this.data);
  }

  /** Triggered builds get ids from a per-service counter: unique, yet the same in every run. */
  newBuildId(): string {
    this.triggered += 1;
    return objectIdFor(`triggered-build:${this.triggered}`);
  }

  /** Replaces the apps; builds, branches and the rest of apps that are gone go with them. */
  setApps(apps: App[]): void {
    const kept = new Set(apps.map((app) => app._id));
    const data = this.data;
    data.apps = apps;
    data.builds = data.builds.filter((build) => kept.has(build.app_id));
    const builds = new Set(data.builds.map((build) => build._id));
    for (const map of [data.branches, data.repoUrls, data.deploymentGroups]) {
      for (const id of map.keys()) if (!kept.has(id)) map.delete(id);
    }
    for (const map of [data.tests, data.coverage]) {
      for (const id of map.keys()) if (!builds.has(id)) map.delete(id);
    }
  }

  /** The seeded data again, its download links on the service's own origin. */
  listensAt(origin: string): void {
    this.origin = origin;
    this.reset();
  }

  /** Back to the seeded state, in place so that references to `data` stay valid. */
  reset(): void {
    Object.assign(this.data, seedData(this.origin, this.options.seed));
    this.applyAppCount();
    if (this.options.hostileText) serveHostileText(this.data);
    this.faults.clear();
    this.tokens.reset();
    this.requests = [];
    this.triggered = 0;
  }

  private applyAppCount(): void {
    if (this.options.appCount !== undefined) this.setApps(generateApps(this.options.appCount));
  }
}
