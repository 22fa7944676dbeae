// Every host command starts processes (code-server, its extension host, Chromium, the reference
// service) that must not outlive it. Each one registers how to stop it here; they are stopped, newest
// first, on a normal end, on Ctrl-C / SIGTERM / SIGHUP, and — synchronously, as a last resort — when
// Node exits for any other reason (an uncaught error, process.exit elsewhere).
const stoppers = [];
const lastResorts = [];
let shuttingDown;

/** `stop` is awaited on shutdown; `killNow` (optional, synchronous) runs on exit if `stop` never ran. */
export function stopOnExit(stop, killNow) {
  const entry = { stop, done: false };
  stoppers.push(entry);
  if (killNow) lastResorts.push(() => entry.done || killNow());
}

/** Stops everything registered, then exits with `code`. Safe to call more than once. */
export function shutdown(code) {
  shuttingDown ??= (async () => {
    for (const entry of [...stoppers].reverse()) {
      try {
        await entry.stop();
      } catch (e) {
        console.error(`while stopping: ${e instanceof Error ? e.message : e}`);
      }
      entry.done = true;
    }
    process.exit(code);
  })();
  return shuttingDown;
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => void shutdown(code));
}
process.on('exit', () => {
  for (const kill of lastResorts) {
    try {
      kill();
    } catch {
      // already gone
    }
  }
});

/** True once shutdown has begun, when processes exiting is expected rather than news. */
export function isShuttingDown() {
  return shuttingDown !== undefined;
}

/** Signals a whole process group (a child spawned with `detached: true` leads its own). */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // no such group any more
  }
}
