// Types for the files of undici that transport.ts loads instead of the package's index, which
// would also bring fetch, WebSocket, the cache stores, mocks and proxies (see esbuild.mjs). undici has
// no `exports` map, so these paths resolve; they are its own lib/ files, typed here by its public types.
declare module 'undici/lib/dispatcher/agent' {
  import { Agent } from 'undici';
  export = Agent;
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent' {
  import { EnvHttpProxyAgent } from 'undici';
  export = EnvHttpProxyAgent;
}

declare module 'undici/lib/api/api-request' {
  import type { Dispatcher } from 'undici';
  /** `dispatcher.request()`, called with the dispatcher as `this`. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export = request;
}

declare module 'undici/lib/dispatcher/dispatcher' {
  import type { Dispatcher } from 'undici';
  /** The base class every dispatcher extends; undici's index puts its API methods on its prototype. */
  const DispatcherBase: { prototype: Partial<Pick<Dispatcher, 'connect'>> };
  export = DispatcherBase;
}

declare module 'undici/lib/api/api-connect' {
  import type { Dispatcher } from 'undici';
  /** `dispatcher.connect()`, called with the dispatcher as `this`. */
  const connect: Dispatcher['connect'];
  export = connect;
}
