// What opening a window may cost the service now that Current Branch loads by itself at startup:
//   GET /apps                                 at most once (one account);
//   GET /apps/:id/build/latest?branch=B       at most two per repository, each repository on its branch B;
//   GET /apps/:id/build/latest (no branch)    only in a fresh profile, at most once per app: which
//                                             repository an app builds comes from its latest build, and
//                                             a profile that never opened a window knows none yet;
//   GET /apps/:id/builds                      only for an app whose branch build was asked: the poller
//                                             following what the status bar shows (in test mode its
//                                             schedule runs 60 times faster, so it starts within the open);
//   GET /builds/:id/tests, …/coverage         once each, for a build the status bar shows: a failed build's
//                                             results, which the Testing view's badge and the Explorer show.
// Anything else is a request the window should not have sent (the comparison with the base branch, for
// one, waits until the user looks at one of our views).
import type { ControlRequest } from '../service/control';
import type { StartupWindow } from './windows';

const PER_REPOSITORY = 2;

/** Where a request went: the app (for routes under /apps/:id) and the branch it asked about. */
function target(request: ControlRequest): { app: string | undefined; branch: string | null } {
  const url = new URL(request.rawUrl, 'http://service');
  // /v1/apps/<id>/…
  return { app: url.pathname.split('/')[3], branch: url.searchParams.get('branch') };
}

/** The build a request under /builds/:id is about. */
function buildOf(request: ControlRequest): string {
  return new URL(request.rawUrl, 'http://service').pathname.split('/')[3] ?? '';
}

/** Each way `asked` goes beyond the list above, in words; [] when it does not. `shown`: the ids of the builds the status bar shows. */
export function beyondOpen(asked: readonly ControlRequest[], window: StartupWindow, shown: readonly string[]): string[] {
  const branches = window.repositories.map((r) => r.branch);
  const fresh = window.profile !== 'returning';
  const problems: string[] = [];
  const appLists = asked.filter((r) => r.route === 'GET /apps').length;
  if (appLists > 1) problems.push(`${appLists} × GET /apps (at most 1)`);
  const latest = asked.filter((r) => r.route === 'GET /apps/:app_id/build/latest').map(target);
  for (const branch of branches) {
    const count = latest.filter((l) => l.branch === branch).length;
    if (count > PER_REPOSITORY) problems.push(`${count} latest builds of ${branch} (at most ${PER_REPOSITORY})`);
  }
  const shownApps = new Set(latest.filter((l) => l.branch !== null).map((l) => l.app));
  const repositoryLooks = new Map<string | undefined, number>();
  for (const { app } of latest.filter((l) => l.branch === null)) repositoryLooks.set(app, (repositoryLooks.get(app) ?? 0) + 1);
  for (const [app, count] of repositoryLooks)
    if (count > 1) problems.push(`${count} latest builds of app ${app} without a branch (at most 1)`);
  const results = asked.filter((r) => r.route === 'GET /builds/:build_id/tests' || r.route === 'GET /builds/:build_id/coverage');
  const resultLooks = new Map<string, number>();
  for (const r of results)
    resultLooks.set(`${r.route} of build ${buildOf(r)}`, (resultLooks.get(`${r.route} of build ${buildOf(r)}`) ?? 0) + 1);
  for (const [what, count] of resultLooks) if (count > 1) problems.push(`${count} × ${what} (at most 1)`);
  for (const request of asked) {
    const { app, branch } = target(request);
    const allowed =
      request.route === 'GET /apps' ||
      (request.route === 'GET /apps/:app_id/build/latest' && (branch === null ? fresh : branches.includes(branch))) ||
      (request.route === 'GET /apps/:app_id/builds' && shownApps.has(app)) ||
      (results.includes(request) && shown.includes(buildOf(request)));
    const seen = request.route === 'GET /apps/:app_id/build/latest' && branch === null ? ' (the profile has seen every app before)' : '';
    if (!allowed) problems.push(`${request.method} ${request.rawUrl}${seen}`);
  }
  return problems;
}
