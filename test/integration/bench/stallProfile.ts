// What the extension host's thread ran during the first-window bench's longest stalls: a CPU profile
// (node:inspector, in the extension host itself) over the bench, and per stall the functions and
// scripts its samples fall in. Only with BUILD_SERVICE_BENCH_PROFILE=1: sampling costs time of its own,
// so the figures of a profiled window are not the bench's.
import { Session } from 'node:inspector';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stall as the bench records it: its end on performance.now()'s clock and its length (ms). */
export interface Stall {
  end: number;
  ms: number;
}

export interface StallBreakdown {
  ms: number;
  /** Sampled ms per innermost function, the largest first. */
  functions: [string, number][];
  /** Sampled ms per script (the innermost frame that has one). */
  scripts: [string, number][];
  /** Sampled ms per owner: the innermost frame of an extension (ours, Git's, …), of VS Code itself or of the bench. */
  owners: [string, number][];
}

/** This project's folder in a development run, the runner extension's in an installed one (out/test/integration/bench/ is four below it). */
const projectRoot = path.resolve(__dirname, '../../../..');

/** Whose code a frame is, or undefined for Node's own (node:…, native): the caller above it is asked then. */
function ownerOf(url: string): string | undefined {
  if (url === '' || url.startsWith('node:')) return undefined;
  // A development run (1.100.3): the project's folder; an installed one: the extensions' folder.
  if (url.includes(`${projectRoot}/out/test/`)) return 'the bench';
  if (url.includes(`${projectRoot}/`)) return 'Build Service';
  const extension = /\/extensions\/([^/]+)\//.exec(url)?.[1];
  if (extension?.startsWith('buildservice.build-service-test-runner')) return 'the bench';
  if (extension?.startsWith('buildservice.build-service')) return 'Build Service';
  if (extension) return `extension ${extension}`;
  const module = /\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return module ? `VS Code: ${module}` : 'VS Code';
}

const post = <T>(session: Session, method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
  );

export async function startProfile(): Promise<{ stop: (stalls: readonly Stall[], tickMs: number) => Promise<StallBreakdown[]> }> {
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 1000 });
  await post(session, 'Profiler.start');
  const startedAt = performance.now();
  return {
    stop: async (stalls, tickMs) => {
      const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
      session.disconnect();
      return [...stalls]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((stall) => breakdown(profile, startedAt, stall, tickMs));
    },
  };
}

function breakdown(profile: Profile, startedAt: number, stall: Stall, tickMs: number): StallBreakdown {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const functions = new Map<string, number>();
  const scripts = new Map<string, number>();
  const owners = new Map<string, number>();
  const from = stall.end - stall.ms - tickMs;
  let at = startedAt;
  profile.samples.forEach((id, i) => {
    const ms = profile.timeDeltas[i] / 1000;
    at += ms;
    if (at < from || at > stall.end) return;
    const node = byId.get(id);
    if (!node) return;
    const name = `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    let frame: ProfileNode | undefined = node;
    while (frame && frame.callFrame.url === '') frame = byId.get(parent.get(frame.id) ?? -1);
    const script = frame
      ? frame.callFrame.url.replace(/^.*\/(extensions|out|dist|node_modules)\//, '$1/')
      : `(${node.callFrame.functionName})`;
    scripts.set(script, (scripts.get(script) ?? 0) + ms);
    let owner: string | undefined;
    for (let up: ProfileNode | undefined = node; up && owner === undefined; up = byId.get(parent.get(up.id) ?? -1))
      owner = ownerOf(up.callFrame.url);
    const who =
      owner ?? (node.callFrame.url === '' && node.callFrame.functionName.startsWith('(') ? node.callFrame.functionName : 'Node alone');
    owners.set(who, (owners.get(who) ?? 0) + ms);
  });
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, v]): [string, number] => [k, Math.round(v)]);
  return { ms: Math.round(stall.ms), functions: top(functions), scripts: top(scripts), owners: top(owners) };
}
