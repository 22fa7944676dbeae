// Every response parser over generated JSON: it returns a model or throws ApiError
// 'invalid-response', never anything else (no TypeError from a null where an object was expected).
// The documents mutated here are the reference service's real answers, fetched over HTTP.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ApiError } from '../../src/api/errors';
import { parseApps, parseBranches, parseDeploymentGroups } from '../../src/api/parsing/parseApps';
import { parseBuild, parseBuilds } from '../../src/api/parsing/parseBuild';
import { parseCoverage, parseTestResults, parseTriggeredBuildId } from '../../src/api/parsing/parseResults';
import { LIVE_SHAPES_APP } from '../service/seedCatalog';
import { type RunningService, startService } from '../service/server';

type Json = unknown;
type Path = (string | number)[];

/** The ids a document is fetched with: a documented app's first build, and a pull-request build of the live-shapes app. */
interface Ids {
  app: string;
  build: string;
  liveBuild: string;
}

const PARSERS: Record<string, { parse: (body: unknown) => unknown; path: (ids: Ids) => string; method?: 'POST' }> = {
  parseApps: { parse: parseApps, path: () => '/apps' },
  parseBranches: { parse: parseBranches, path: (ids) => `/apps/${ids.app}/branches?includeDeleted=true` },
  parseDeploymentGroups: { parse: parseDeploymentGroups, path: (ids) => `/apps/${ids.app}/deployment-groups` },
  parseBuilds: { parse: parseBuilds, path: (ids) => `/apps/${ids.app}/builds?limit=20` },
  parseBuild: { parse: (body) => parseBuild(body), path: (ids) => `/builds/${ids.build}` },
  parseTestResults: { parse: parseTestResults, path: (ids) => `/builds/${ids.build}/tests?showFailed=true&showPassing=true` },
  parseCoverage: {
    parse: parseCoverage,
    path: (ids) => `/builds/${ids.build}/coverage?showFileCoverage=true&showFunctionCoverage=true`,
  },
  parseTriggeredBuildId: { parse: parseTriggeredBuildId, path: (ids) => `/apps/${ids.app}/build`, method: 'POST' },
  // The shapes the live service sent (API.md 2b).
  'parseBuilds (live shapes)': { parse: parseBuilds, path: () => `/apps/${LIVE_SHAPES_APP}/builds?limit=20` },
  'parseBuild (pull request)': { parse: (body) => parseBuild(body), path: (ids) => `/builds/${ids.liveBuild}` },
  'parseTestResults (live shapes)': {
    parse: parseTestResults,
    path: (ids) => `/builds/${ids.liveBuild}/tests?showFailed=true&showPassing=true`,
  },
};

/** Calls the parser; passes when it returns, or throws ApiError invalid-response; fails on anything else. */
function modelOrTypedError(name: string, parse: (body: unknown) => unknown, body: Json): void {
  try {
    parse(body);
  } catch (error) {
    assert.ok(error instanceof ApiError, `${name} threw ${String(error)} for ${JSON.stringify(body)?.slice(0, 300)}`);
    assert.equal(error.kind, 'invalid-response', `${name}: ${error.message}`);
    assert.ok(error.message.length > 0 && error.message.length < 1_000, `${name}: a readable message`);
  }
}

function pathsOf(value: Json, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => pathsOf(item, [...prefix, i])));
  if (value !== null && typeof value === 'object') {
    return here.concat(...Object.entries(value).map(([key, item]) => pathsOf(item, [...prefix, key])));
  }
  return here;
}

/** A copy of `doc` with the value at `path` replaced (or removed when `replacement` is the symbol). */
function mutate(doc: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const copy = structuredClone(doc) as Record<string | number, Json>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (replacement !== REMOVE) parent[last] = replacement;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}
const REMOVE = Symbol('remove');

// Values a service or a proxy might put where the model expects something else.
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, '', 0, -1, 1e308, true, [], {}, '2026-13-45T99:99:99Z', 'not a date', '\u0000', 'ä'.repeat(300)),
);

describe('response parsers: a model or the typed error, over generated JSON', function () {
  this.timeout(60_000);
  let service: RunningService;
  const documents: Record<string, Json> = {};

  before(async () => {
    service = await startService();
    const app = service.data.apps[0]._id;
    const builds = (await get(`/apps/${app}/builds?limit=20`)) as { _id: string }[];
    const liveBuild = service.data.builds.find(
      (b) => b.app_id === LIVE_SHAPES_APP && b.pull_request_destination_commit_info && service.data.tests.has(b._id),
    );
    assert.ok(liveBuild, 'the live-shapes app has a pull-request build with tests');
    const ids: Ids = { app, build: builds[0]._id, liveBuild: liveBuild._id };
    for (const [name, { path, method }] of Object.entries(PARSERS)) documents[name] = await get(path(ids), method);
  });
  after(() => service?.close());

  async function get(path: string, method: 'GET' | 'POST' = 'GET'): Promise<Json> {
    const response = await fetch(service.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    assert.ok(response.ok, `${method} ${path}: ${response.status}`);
    return response.json();
  }

  for (const [name, { parse }] of Object.entries(PARSERS)) {
    describe(name, () => {
      it("the service's real answer parses", () => {
        assert.doesNotThrow(() => parse(documents[name]));
      });

      it('any JSON value at all', () => {
        fc.assert(
          fc.property(fc.jsonValue(), (body) => modelOrTypedError(name, parse, body)),
          { numRuns: 300 },
        );
      });

      it('the real answer with one field replaced by an odd value, or removed', () => {
        const paths = pathsOf(documents[name]);
        const change = fc.tuple(fc.constantFrom(...paths), fc.oneof(oddValue, fc.constant(REMOVE)));
        fc.assert(
          fc.property(fc.array(change, { minLength: 1, maxLength: 3 }), (changes) => {
            let body = documents[name];
            for (const [path, replacement] of changes) {
              try {
                body = mutate(body, path, replacement);
              } catch {
                // An earlier change removed this path's parent: the remaining changes still apply.
              }
            }
            modelOrTypedError(name, parse, body);
          }),
          { numRuns: 400 },
        );
      });
    });
  }
});
