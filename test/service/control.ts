// A second port beside a reference service run as its own process (`main.ts --control`), for tests in
// another process: a fresh VS Code window opened on a service that was there first. Not in the API, and
// not recorded: a test reads what the service was asked and moves builds on without adding a request.
//   GET  /requests                         every request recorded: method, rawUrl, route, status
//   GET  /latest?repo=URL&branch=NAME      each app building the repository: its name and its latest build of the branch (or null)
//   POST /advance                          every unfinished build one step on (queued → running → finished)
//   POST /finish?build=ID&outcome=failed   one unfinished build ends now (success or failed)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Build } from './contract';
import { buildsOfApp } from './data';
import type { RunningService } from './server';

/** What GET /requests answers per request. */
export interface ControlRequest {
  method: string;
  rawUrl: string;
  route?: string;
  status: number;
}

/** What GET /latest answers per app: what the API's latest build of the branch would be. */
export interface LatestOfApp {
  appName: string;
  build: Build | null;
}

export async function startControl(service: RunningService): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const param = (name: string) => url.searchParams.get(name) ?? '';
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const operation = `${request.method} ${url.pathname}`;
      if (operation === 'GET /requests') {
        const requests: ControlRequest[] = service.requests.map(({ method, rawUrl, route, status }) => ({ method, rawUrl, route, status }));
        return send(200, requests);
      }
      if (operation === 'GET /latest') {
        const { apps, repoUrls } = service.data;
        const latest: LatestOfApp[] = apps
          .filter((app) => repoUrls.get(app._id) === param('repo'))
          .map((app) => ({
            appName: app.app_name,
            build: buildsOfApp(service.data, app._id).find((b) => b.commit_info.branch === param('branch')) ?? null,
          }));
        return send(200, latest);
      }
      if (operation === 'POST /advance') {
        service.advanceBuilds();
        return send(200, {});
      }
      if (operation === 'POST /finish') {
        const outcome = param('outcome');
        if (outcome !== 'success' && outcome !== 'failed') return send(400, { error: 'outcome must be success or failed' });
        service.finishBuild(param('build'), outcome);
        return send(200, {});
      }
      send(404, { error: `no control operation ${operation}` });
    } catch (error) {
      send(400, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
