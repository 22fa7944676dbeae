// Routes about apps: the list, branches and deployment groups.
import { jsonAnswer } from './answer';
import { branchesOf } from './data';
import { booleanParam } from './queryParams';
import type { RouteHandler } from './routeContext';
import { appOf } from './routeContext';

export const listApps: RouteHandler = ({ data }) => jsonAnswer(200, data.apps);

/** Deleted branches are hidden unless asked for, and then carry `deleted: true`. */
export const listBranches: RouteHandler = (context) => {
  const app = appOf(context);
  const includeDeleted = booleanParam(context.query, 'includeDeleted', false);
  const branches = branchesOf(context.data, app._id)
    .filter((branch) => includeDeleted || !branch.deleted)
    .map((branch) => (branch.deleted ? { name: branch.name, deleted: true } : { name: branch.name }));
  return jsonAnswer(200, branches);
};

export const listDeploymentGroups: RouteHandler = (context) => {
  const app = appOf(context);
  return jsonAnswer(200, context.data.deploymentGroups.get(app._id) ?? []);
};
