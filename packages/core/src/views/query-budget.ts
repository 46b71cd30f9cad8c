/**
 * The work one request may do while it scans devices (regex filters over a whole view). A scan
 * calls `checkpoint()` every few hundred devices: past a slice of CPU time the scan yields to the
 * event loop so other clients are answered meanwhile; when the client has gone away the scan
 * stops; past the request's time budget it stops with a 503 saying so.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { SvcError } from '../errors.js';

/** CPU time a scan runs before it lets other work in, in milliseconds. */
const SLICE_MS = 8;

/** Limits on one scan: the client's abort signal and the seconds it may take in all. */
export class QueryBudget {
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number;
  readonly #seconds: number;
  #sliceStart = performance.now();

  constructor(options: { readonly signal?: AbortSignal; readonly seconds: number }) {
    this.#signal = options.signal;
    this.#seconds = options.seconds;
    this.#deadline = this.#sliceStart + options.seconds * 1000;
  }

  /** Yields when the slice is used up; throws when the client left or the budget is spent. */
  async checkpoint(): Promise<void> {
    const now = performance.now();
    if (now - this.#sliceStart < SLICE_MS) return;
    if (now > this.#deadline) {
      throw new SvcError(
        'SVC_ERR_QUERY_BUDGET',
        `the request ran longer than its budget of ${this.#seconds} s (httpd_query_budget); narrow it with a smaller view, a last-time filter or a simpler regex`,
      );
    }
    await yieldToEventLoop();
    if (this.#signal?.aborted) throw new SvcError('SVC_ERR_CLIENT_GONE', 'the client closed the connection; the request was stopped');
    this.#sliceStart = performance.now();
  }
}
