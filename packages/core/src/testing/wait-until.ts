/**
 * Polling for tests that wait on real processes, sockets and ptys: there is no event to await
 * for "the source is running" or "the device showed up", so the condition is checked until it
 * holds or the time is up.
 */

/** How long and how often {@link waitUntil} checks. */
export interface WaitOptions {
  /** Give up after this many milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** Milliseconds between checks (default 20). */
  readonly intervalMs?: number;
  /** Extra text for the timeout error (a server's output, say), computed only on timeout. */
  readonly detail?: () => string;
}

/** Resolves once `check` holds; rejects with `timed out waiting until <what>` otherwise. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, options: WaitOptions = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}${options.detail ? `\n${options.detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}
