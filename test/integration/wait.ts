// The one wait helper of every suite (unit and host): for a condition the user would see, or for time
// to pass so that something that must not happen has had its chance to.

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `what` names the condition in the error; as a function it is asked at the timeout, to tell the state then. */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  what: string | (() => string),
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${typeof what === 'function' ? what() : what}: not so after ${timeoutMs} ms`);
    await sleep(100);
  }
}
