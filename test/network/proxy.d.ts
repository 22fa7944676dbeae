// The `proxy` package ships its types behind an "exports" map that this project's module
// resolution does not read; this is the part of its API the tests use.
declare module 'proxy' {
  import type { IncomingMessage, Server } from 'node:http';
  import type { Server as HttpsServer } from 'node:https';
  export interface ProxyServer extends Server {
    authenticate?: (req: IncomingMessage) => boolean | Promise<boolean>;
  }
  export function createProxy(server: Server | HttpsServer): ProxyServer;
}
