import { currentTranslations } from '../core/language';
import { onFirstCall } from '../core/onFirstCall';
import { parseBaseUrl, type BuildServiceClient, type BuildServiceClientOptions } from '../api';

// Activation must not pay for the HTTP stack (undici, the client, the parsers: most of the code we
// ship). The client therefore lives in a second bundle, dist/api.js, and is loaded here when the first
// request is made. In the bundle esbuild.mjs turns the import below into `require("./api.js")`, the
// sibling of dist/extension.js; in the unbundled test build (out/) it stays a require of
// out/src/api/client.js.
type ApiModule = typeof import('../api/client');

/** The client module, loaded once, on the first call, and told the display language's translations. */
export const loadApiModule: () => Promise<ApiModule> = onFirstCall(() =>
  import('../api/client').then((api) => {
    api.useTranslations({ contents: currentTranslations() });
    return api;
  }),
);

/**
 * A client that loads the HTTP stack when its first method is called. Creating one costs nothing and
 * sends nothing; an unusable address still throws InvalidBaseUrlError at once, as the real client does.
 */
export class LazyClient implements BuildServiceClient {
  private client?: Promise<BuildServiceClient>;
  private disposed = false;

  constructor(private readonly options: BuildServiceClientOptions) {
    parseBaseUrl(options.baseUrl);
  }

  listApps: BuildServiceClient['listApps'] = (...args) => this.ready().then((c) => c.listApps(...args));
  listBranches: BuildServiceClient['listBranches'] = (...args) => this.ready().then((c) => c.listBranches(...args));
  listBuilds: BuildServiceClient['listBuilds'] = (...args) => this.ready().then((c) => c.listBuilds(...args));
  getLatestBuild: BuildServiceClient['getLatestBuild'] = (...args) => this.ready().then((c) => c.getLatestBuild(...args));
  getBuild: BuildServiceClient['getBuild'] = (...args) => this.ready().then((c) => c.getBuild(...args));
  triggerBuild: BuildServiceClient['triggerBuild'] = (...args) => this.ready().then((c) => c.triggerBuild(...args));
  cancelBuild: BuildServiceClient['cancelBuild'] = (...args) => this.ready().then((c) => c.cancelBuild(...args));
  getTests: BuildServiceClient['getTests'] = (...args) => this.ready().then((c) => c.getTests(...args));
  getCoverage: BuildServiceClient['getCoverage'] = (...args) => this.ready().then((c) => c.getCoverage(...args));
  listDeploymentGroups: BuildServiceClient['listDeploymentGroups'] = (...args) => this.ready().then((c) => c.listDeploymentGroups(...args));

  /** Closes the connections if the client was ever loaded; a request made afterwards is cancelled. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await (await this.client?.catch(() => undefined))?.dispose();
  }

  close(): Promise<void> {
    return this.dispose();
  }

  private ready(): Promise<BuildServiceClient> {
    this.client ??= loadApiModule().then(({ BuildServiceClient: Client }) => {
      const client = new Client(this.options);
      if (this.disposed) void client.dispose();
      return client;
    });
    this.client.catch(() => (this.client = undefined));
    return this.client;
  }
}
