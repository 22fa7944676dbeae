// The route table: one handler per documented route, matched on method and decoded path segments.
import type { RouteKey } from './contract';
import { listApps, listBranches, listDeploymentGroups } from './appRoutes';
import { cancelBuildRoute, getBuild, latestBuild, listBuilds, triggerBuildRoute } from './buildRoutes';
import { getArtifact } from './artifactRoute';
import { getCoverage, listTests } from './resultRoutes';
import type { RouteHandler } from './routeContext';

// A Record over RouteKey: the compiler insists that every documented route has a handler.
export const HANDLERS: Record<RouteKey, RouteHandler> = {
  'GET /apps': listApps,
  'GET /apps/:app_id/branches': listBranches,
  'GET /apps/:app_id/builds': listBuilds,
  'GET /apps/:app_id/build/latest': latestBuild,
  'POST /apps/:app_id/build': triggerBuildRoute,
  'GET /builds/:build_id': getBuild,
  'POST /builds/:build_id/cancel': cancelBuildRoute,
  'GET /builds/:build_id/tests': listTests,
  'GET /builds/:build_id/coverage': getCoverage,
  'GET /apps/:app_id/deployment-groups': listDeploymentGroups,
  'GET /builds/:build_id/artifacts/:file': getArtifact,
};

export interface RouteMatch {
  key: RouteKey;
  params: Record<string, string>;
}

function matchKey(key: RouteKey, method: string, segments: string[]): RouteMatch | undefined {
  const [keyMethod, keyPath] = key.split(' ');
  const pattern = keyPath.split('/').slice(1);
  if (keyMethod !== method || pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = segments[index];
    else if (part !== segments[index]) return undefined;
  }
  return { key, params };
}

export function matchRoute(method: string, segments: string[] | undefined): RouteMatch | undefined {
  if (!segments) return undefined;
  for (const key of Object.keys(HANDLERS) as RouteKey[]) {
    const match = matchKey(key, method, segments);
    if (match) return match;
  }
  return undefined;
}
