// `npm run service`: the reference build service on its own, for demos and manual testing.
//   --port N (or env PORT; default a free port)   --progress (builds move on a timer)
//   --apps N (serve N generated apps instead of the seeded ones)
//   --apps-with-builds N (the seeded apps and generated ones, N in all, each with a build of a repository of its own)
//   --machine-ca (HTTPS, with a certificate from the CA the test hosts' machine trusts: test/host/machineCa.mjs)
//   --hostile (names, branches, commit details and links written like an attacker's: hostileText.ts)
//   --control (a second port for tests in another process: the request log, builds moved on; control.ts)
//   --never-answer (every route holds its answer back for an hour: an address that takes requests and never answers)
import type { RecordedRequest, RouteKey } from './contract';
import { startControl } from './control';
import { machineCa } from '../network/certificates';
import { HANDLERS } from './routes';
import { startService } from './server';

const AN_HOUR_MS = 3_600_000;

function optionValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

function wholeNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text)) throw new Error(`${what} must be a whole number, not "${text}"`);
  return Number(text);
}

function logRequest(request: RecordedRequest): void {
  const time = new Date().toISOString().slice(11, 23);
  console.log(`${time} ${request.method} ${request.rawUrl} → ${request.status || 'dropped'}`);
}

async function main(): Promise<void> {
  const progress = process.argv.includes('--progress');
  const service = await startService({
    port: wholeNumber(optionValue('--port') ?? process.env.PORT, 'The port') ?? 0,
    appCount: wholeNumber(optionValue('--apps'), 'The app count'),
    progress,
    hostileText: process.argv.includes('--hostile'),
    onRequest: logRequest,
    tls: process.argv.includes('--machine-ca') ? machineCa().issue(['127.0.0.1']) : undefined,
  });
  const withBuilds = wholeNumber(optionValue('--apps-with-builds'), 'The app count');
  if (withBuilds !== undefined) service.addGeneratedApps(Math.max(0, withBuilds - service.data.apps.length));
  if (process.argv.includes('--never-answer'))
    for (const route of Object.keys(HANDLERS) as RouteKey[]) service.setFault(route, { delayBeforeHeadersMs: AN_HOUR_MS });
  const control = process.argv.includes('--control') ? await startControl(service) : undefined;
  console.log(
    [
      'Reference build service running.',
      `  Base URL:  ${service.baseUrl}`,
      `  Token:     ${service.token}`,
      `  Progress:  ${progress ? 'on (queued and running builds move every 2 s)' : 'off (start with --progress)'}`,
      `  Try:       curl -H "Authorization: Bearer ${service.token}" ${service.baseUrl}/apps`,
      ...(control ? [`  Control:   ${control.url}`] : []),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C: the user wants out now
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    Promise.all([service.close(), control?.close()]).then(
      () => console.log('Stopped.'),
      (error: unknown) => {
        console.error('Could not stop cleanly:', error);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
