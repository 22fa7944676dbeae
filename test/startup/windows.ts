// The startup lane's windows, one fresh VS Code window per suite: what each opens on. The host script
// (test/host/runStartup.mjs) makes the repositories, starts the service and opens the window from
// this table; the suite reads its own row for what it expects to see. Few windows: each costs 15-30 s.
import { REPO_2048 } from '../service/seedCatalog';

/** Two seeded apps build it (Café Crème iOS, Crème Brûlée Android), both with builds of main. */
export const CAFE_REPO = 'https://github.com/myorg/cafe-creme.git';

export interface StartupWindow {
  /** The suite's file name without .test.ts. */
  suite: string;
  /** The workspace: a folder per repository (a .code-workspace file when there are several), each checked out on its branch with `origin` at its remote. */
  repositories: { remote: string; branch: string }[];
  /** BUILD_SERVICE_URL and BUILD_SERVICE_TOKEN in the extension host's environment (the service's address and demo token). */
  token: boolean;
  /** buildService.* user settings beside buildService.baseUrl (the service's address), without the prefix. */
  settings?: Record<string, unknown>;
  /** Flags of the reference service (test/service/main.ts) beside --control. */
  serviceFlags?: string[];
  /** The window opens in the background: another browser tab is in front before the workbench loads. */
  unfocused?: boolean;
  /**
   * 'fresh' (the default): a profile that never opened a window, as on a first install. 'returning': the
   * profile of the lane's first window, on a service at the same address: the user opened a window on it
   * before, so the extension knows which repository each app builds.
   */
  profile?: 'fresh' | 'returning';
  /**
   * Opened beside the other windows, not after them: its suite mostly waits, watching that nothing is
   * asked of its own service. The others' load only delays what it would do, which it waits out.
   */
  alongside?: boolean;
}

const develop2048 = { remote: REPO_2048, branch: 'develop' };

// In this order: the returning windows reopen the profile of the first (noToken's runs beside them all).
export const STARTUP_WINDOWS: readonly StartupWindow[] = [
  { suite: 'branchAtOpen', repositories: [develop2048], token: true, settings: { notifyOnCompletion: 'branch' } },
  { suite: 'twoRepositories', repositories: [develop2048, { remote: CAFE_REPO, branch: 'main' }], token: true, profile: 'returning' },
  { suite: 'background', repositories: [develop2048], token: true, unfocused: true, profile: 'returning' },
  { suite: 'noToken', repositories: [develop2048], token: false, alongside: true },
  { suite: 'silentService', repositories: [develop2048], token: true, serviceFlags: ['--never-answer'] },
];

export function windowOf(suite: string): StartupWindow {
  const found = STARTUP_WINDOWS.find((w) => w.suite === suite);
  if (!found) throw new Error(`no startup window runs the suite ${suite}`);
  return found;
}
