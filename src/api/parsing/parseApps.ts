import type { App, Branch, DeploymentGroup } from '../models';
import { expectObject, optionalBoolean, optionalString, parseList, requiredString, stringArray } from './validate';

export function parseApps(body: unknown): App[] {
  return parseList(body, 'the app list', 'apps', parseApp);
}

function parseApp(value: unknown, where: string): App {
  const wire = expectObject(value, where);
  const id = requiredString(wire._id, where, '_id');
  return {
    id,
    // An app without a name is still an app the user can pick; its id is the only label there is.
    name: optionalString(wire.app_name, where, 'app_name') ?? id,
    platform: (optionalString(wire.platform, where, 'platform') ?? '').toLowerCase(),
  };
}

export function parseBranches(body: unknown): Branch[] {
  return parseList(body, 'the branch list', 'branches', (item, where) => {
    const wire = expectObject(item, where);
    const deleted = optionalBoolean(wire.deleted, where, 'deleted');
    return deleted ? { name: requiredString(wire.name, where, 'name'), deleted } : { name: requiredString(wire.name, where, 'name') };
  });
}

export function parseDeploymentGroups(body: unknown): DeploymentGroup[] {
  return parseList(body, 'the deployment-group list', 'deploymentGroups', (item, where) => {
    const wire = expectObject(item, where);
    const id = requiredString(wire._id, where, '_id');
    return {
      id,
      name: optionalString(wire.name, where, 'name') ?? id,
      branch: optionalString(wire.branch, where, 'branch'),
      testers: stringArray(wire.testers, where, 'testers'),
    };
  });
}
