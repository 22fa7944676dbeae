// One setup for the integration suites: the extension's exports and the reference service (a real
// HTTP server on 127.0.0.1, running in this extension-host process).
import type { BuildServiceExports } from '../../src/exports';
import { startService, type RunningService } from '../service/server';
import { storeToken, TOKEN_ENV_VAR } from './extension';
import { setSetting } from './settings';

/** A fresh service, the address setting pointing at it, nothing stored and no environment token. */
export async function startSidebarService(api: BuildServiceExports): Promise<RunningService> {
  const service = await startService();
  delete process.env[TOKEN_ENV_VAR];
  await storeToken(api, undefined);
  await setSetting('baseUrl', service.baseUrl);
  return service;
}
