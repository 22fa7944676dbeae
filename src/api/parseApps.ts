import type { App, Branch, DeploymentGroup } from './models';
import { expectArray, expectObject, optionalBoolean, optionalString, requiredString, stringArray } from './validate';

export function parseApps(body: unknown): App[] {
  return expectArray(body, 'the app list').map((item, index) => parseApp(item, `apps[${index}]`));
}

function parseApp(value: unknown, where: string): App {
  const wire = expectObject(value, where);
  const id = requiredString(wire, '_id', where);
  return {
    id,
    // An app without a name is still an app the user can pick; its id is the only label there is.
    name: optionalString(wire, 'app_name', where) ?? id,
    platform: (optionalString(wire, 'platform', where) ?? '').toLowerCase(),
  };
}

export function parseBranches(body: unknown): Branch[] {
  return expectArray(body, 'the branch list').map((item, index) => {
    const where = `branches[${index}]`;
    const wire = expectObject(item, where);
    const deleted = optionalBoolean(wire, 'deleted', where);
    return deleted ? { name: requiredString(wire, 'name', where), deleted } : { name: requiredString(wire, 'name', where) };
  });
}

export function parseDeploymentGroups(body: unknown): DeploymentGroup[] {
  return expectArray(body, 'the deployment-group list').map((item, index) => {
    const where = `deploymentGroups[${index}]`;
    const wire = expectObject(item, where);
    const id = requiredString(wire, '_id', where);
    return {
      id,
      name: optionalString(wire, 'name', where) ?? id,
      branch: optionalString(wire, 'branch', where),
      testers: stringArray(wire, 'testers', where),
    };
  });
}
