// What another client of the build service does (a teammate, a CI job): through the API over HTTP, so
// the extension learns of it only as it would in use, by asking.
import * as assert from 'node:assert/strict';

/** Starts a build of `appId` on `branch` (POST /apps/:app_id/build) with the service's token; its id. */
export async function startBuildAsAnotherClient(
  service: { baseUrl: string; token: string },
  appId: string,
  branch: string,
): Promise<string> {
  const answer = await fetch(`${service.baseUrl}/apps/${appId}/build`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ branch }),
  });
  assert.equal(answer.status, 201, `a build of ${appId} on ${branch} started`);
  return ((await answer.json()) as { build_id: string }).build_id;
}
