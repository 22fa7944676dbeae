// Routes about builds: list, latest, trigger, one build, cancel.
import type { Build } from './contract';
import { notFound } from './apiError';
import { jsonAnswer } from './answer';
import { cancelBuild, triggerBuild } from './buildLifecycle';
import { buildsOfApp, defaultBranchOf } from './data';
import { limitParam, nameParam, statusParam } from './queryParams';
import { branchFromBody } from './requestBody';
import type { RouteContext, RouteHandler } from './routeContext';
import { appOf, buildOf } from './routeContext';

/** The app's builds matching `branch`, `scheme` and `status`, newest first. */
function matchingBuilds(context: RouteContext): Build[] {
  const app = appOf(context);
  const branch = nameParam(context.query, 'branch');
  const scheme = nameParam(context.query, 'scheme');
  const status = statusParam(context.query);
  return buildsOfApp(context.data, app._id).filter(
    (build) =>
      (branch === undefined || build.commit_info.branch === branch) &&
      (scheme === undefined || build.scheme_name === scheme) &&
      (status === undefined || build.build_status === status),
  );
}

export const listBuilds: RouteHandler = (context) => {
  const builds = matchingBuilds(context);
  return jsonAnswer(200, builds.slice(0, limitParam(context.query)));
};

export const latestBuild: RouteHandler = (context) => {
  const [latest] = matchingBuilds(context);
  if (!latest) throw notFound('No build matches');
  return jsonAnswer(200, latest);
};

export const triggerBuildRoute: RouteHandler = (context) => {
  const app = appOf(context);
  const branch = branchFromBody(context.body, context.contentType) ?? defaultBranchOf(context.data, app._id);
  const build = triggerBuild(context.data, app, branch, context.newBuildId(), context.nowMs);
  return jsonAnswer(201, { build_id: build._id });
};

export const getBuild: RouteHandler = (context) => jsonAnswer(200, buildOf(context));

export const cancelBuildRoute: RouteHandler = (context) => {
  cancelBuild(buildOf(context), context.nowMs);
  return jsonAnswer(200, {});
};
