// Cold `require` of a bundle, each time in a new Node process, against an empty module loaded the same
// way in turns: what loading costs the extension host before our code does anything. coldLoad is the
// same through the bundle loader from a saved code cache, as a later window loads our bundles.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type Pair } from './measure';

const requireOnce = join(__dirname, 'requireOnce.js');

function requireTime(file: string, how: string[] = [requireOnce, file]): number {
  const child = spawnSync(process.execPath, how, { encoding: 'utf8' });
  const ms = Number(child.stdout);
  if (child.status !== 0 || !Number.isFinite(ms)) throw new Error(`Loading ${file} failed: ${child.stderr}`);
  return ms;
}

export function coldRequire(file: string, runs = 15): Pair {
  const empty = join(mkdtempSync(join(tmpdir(), 'bench-')), 'empty.js');
  writeFileSync(empty, '');
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    subject.push(requireTime(file));
    baseline.push(requireTime(empty));
  }
  return { subjectMs: median(subject), baselineMs: median(baseline) };
}

export function coldLoad(file: string, runs = 15): Pair {
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-code-cache-'));
  const primed = spawnSync(process.execPath, [requireOnce, file, cacheDir, 'prime'], { encoding: 'utf8' });
  if (primed.status !== 0) throw new Error(`Priming the code cache of ${file} failed: ${primed.stderr}`);
  const empty = join(mkdtempSync(join(tmpdir(), 'bench-')), 'empty.js');
  writeFileSync(empty, '');
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    subject.push(requireTime(file, [requireOnce, file, cacheDir]));
    baseline.push(requireTime(empty));
  }
  return { subjectMs: median(subject), baselineMs: median(baseline) };
}
