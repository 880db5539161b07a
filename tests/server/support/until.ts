/** Polls `check` until it holds; the time limit only turns a hang into a failure. */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition', timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25)); // timing-ok: poll interval of until(), which has a deadline
  }
}
