// The tests entry of the trial (`npm run bench:trial`, test/host/benchTrial.mjs), loaded by VS
// Code in a fresh extension host: issue 47's hostile inputs, each taken in as a user meets it, by the
// host suites that already seed it and assert what the user sees (INPUTS names each test). While each
// runs, from its suite's setup to its end, trial/hostWatch.ts asks a command every 100 ms and reads the
// host's memory; what it measured, and the message the test recorded, go to BUILD_SERVICE_BENCH_RESULT.
// BUILD_SERVICE_TRIAL_PROFILE=<folder>: a CPU profile of the extension host per input there too;
// BUILD_SERVICE_TRIAL_ONLY=<text>[,<text>…]: only the inputs whose name holds one of them;
// BUILD_SERVICE_TRIAL_INPUT=<name>: only the input of that exact name (the runner's one host per input).
import Mocha from 'mocha';
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { INPUTS } from './trial/inputs';
import { markTrialStart, memoryHeld, takeUserSaw, watchHost, type HostFigures } from './trial/hostWatch';

export interface TrialFigures {
  inputs: ({ input: string; test: string; said?: string; state: string } & Partial<HostFigures>)[];
  failures: string[];
  /** The inputs the trial should have measured. */
  expected: string[];
  start: NodeJS.MemoryUsage;
  /** What the host held after the last input, after a full collection. */
  end?: NodeJS.MemoryUsage;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Profiles the host while an input is taken in, when BUILD_SERVICE_TRIAL_PROFILE names a folder. */
function profiler(): { start(): void; stop(name: string): void } {
  const folder = process.env.BUILD_SERVICE_TRIAL_PROFILE;
  if (!folder) return { start() {}, stop() {} };
  mkdirSync(folder, { recursive: true });
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  return {
    start: () => session.post('Profiler.start'),
    stop: (name) =>
      session.post('Profiler.stop', (error, result) => {
        if (!error)
          writeFileSync(path.join(folder, `${name.replace(/[^\w.-]+/g, '_').slice(0, 80)}.cpuprofile`), JSON.stringify(result.profile));
      }),
  };
}

export async function run(): Promise<void> {
  const resultFile = process.env.BUILD_SERVICE_BENCH_RESULT;
  if (!resultFile) throw new Error('BUILD_SERVICE_BENCH_RESULT must name the file for the result');
  const { BUILD_SERVICE_TRIAL_INPUT: exact, BUILD_SERVICE_TRIAL_ONLY: only } = process.env;
  const inputs = INPUTS.filter((i) => (exact ? i.input === exact : !only || only.split(',').some((part) => i.input.includes(part.trim()))));
  const start = markTrialStart();
  const figures: TrialFigures = { inputs: [], failures: [], expected: inputs.map((i) => i.input), start };
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 120_000,
    reporter: 'spec',
    grep: new RegExp(inputs.map((i) => escaped(i.title)).join('|')),
  });
  for (const file of new Set(inputs.map((i) => i.file))) mocha.addFile(path.join(__dirname, 'suite', `${file}.test.js`));
  const inputOf = (title: string) => inputs.find((i) => title.includes(i.title));
  const profile = profiler();
  let stop: (() => HostFigures) | undefined;
  const begin = () => {
    if (stop) return;
    takeUserSaw();
    profile.start();
    stop = watchHost();
  };
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    // From the setup of a suite holding an input (a checkout starts the work), or from the test itself.
    runner.on('suite', (suite) => {
      if (suite.tests.some((test) => inputOf(test.title))) begin();
    });
    runner.on('test', (test) => {
      if (inputOf(test.title)) begin();
    });
    runner.on('test end', (test) => {
      const input = inputOf(test.title);
      if (!input || !stop) return;
      const measured = stop();
      stop = undefined;
      profile.stop(input.input);
      figures.inputs.push({ input: input.input, test: test.title, said: takeUserSaw(), state: test.state ?? 'not run', ...measured });
    });
    runner.on('fail', (test, error: unknown) => {
      figures.failures.push(`${test.fullTitle()}: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  figures.end = memoryHeld();
  writeFileSync(resultFile, JSON.stringify(figures));
}
