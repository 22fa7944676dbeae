// VS Code's route first while NODE_EXTRA_CA_CERTS is set: the variable is often set for something else
// (a local development CA, a dev container), and our own route would lose PAC, the system proxy and
// Kerberos. VS Code's fetch does not trust the file's certificates, so when a connection fails on a
// certificate no authority vouches for (nothing has been sent then), the request is tried on our own
// route, which trusts them; if that works, the client stays there and the log says why.
import { untrustedCertificate } from './networkErrors';
import type { Route } from './route';

export function vscodeFirst(vscode: Route, loadOwn: () => Promise<Route>, onMove: (route: Route) => void): Route {
  let current = vscode;
  let own: Promise<Route> | undefined;
  return {
    get chooser() {
      return current.chooser;
    },
    get proxy() {
      return current.proxy;
    },
    get description() {
      return current.description;
    },
    send: async (request) => {
      const used = current;
      try {
        return await used.send(request);
      } catch (error) {
        if (used !== vscode || request.signal?.aborted || !untrustedCertificate(error)) throw error;
        let response;
        try {
          const route = await (own ??= loadOwn());
          response = await route.send(request);
          if (current === vscode) {
            current = route;
            onMove(route);
          }
        } catch {
          // Our own route did not help either (another certificate, or the network only VS Code reaches): VS Code's failure stands.
          throw error;
        }
        return response;
      }
    },
    close: async () => {
      await vscode.close();
      await (await own?.catch(() => undefined))?.close();
    },
  };
}
