// Shared setup for the client suites: one reference service per suite (real HTTP on 127.0.0.1),
// reset between tests, and clients tuned for speed (tiny backoff, short timeouts where a test asks).
import * as assert from 'node:assert/strict';
import { BuildServiceClient, type BuildServiceClientOptions } from '../../src/api/client/client';
import { ApiError, type ApiErrorKind } from '../../src/api/errors';
import { startService, type RunningService } from '../service/server';

export interface Fixture {
  service: RunningService;
  /** A client with the service's valid token; options override the fast defaults. */
  client(options?: Partial<BuildServiceClientOptions>): BuildServiceClient;
}

/** Call inside a `describe`: starts the service before the suite, resets it before each test, closes every client. */
export function useReferenceService(): Fixture {
  const clients: BuildServiceClient[] = [];
  const fixture = {
    service: undefined as unknown as RunningService,
    client(options: Partial<BuildServiceClientOptions> = {}): BuildServiceClient {
      const client = new BuildServiceClient({
        baseUrl: fixture.service.baseUrl,
        getToken: () => Promise.resolve(fixture.service.token),
        retry: { baseDelayMs: 1 },
        ...options,
      });
      clients.push(client);
      return client;
    },
  };
  before(async () => {
    fixture.service = await startService();
  });
  beforeEach(() => fixture.service.reset());
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });
  after(async () => {
    await fixture.service?.close();
  });
  return fixture;
}

/** Awaits a call that must fail and returns its ApiError after checking the kind. */
export async function expectApiError(promise: Promise<unknown>, kind: ApiErrorKind): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
    assert.equal(error.kind, kind, `kind (message: ${error.message})`);
    return error;
  }
  assert.fail(`expected an ApiError of kind ${kind}, but the call succeeded`);
}

export function firstAppId(service: RunningService): string {
  const app = service.data.apps[0];
  assert.ok(app, 'the reference service has seeded apps');
  return app._id;
}
