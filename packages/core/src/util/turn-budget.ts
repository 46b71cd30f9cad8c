/**
 * One budget of event loop time per turn, shared by the long work the server does for clients
 * (writing a dump, pushing monitor batches). Each piece of work asks before its next slice;
 * once the turn's budget is spent, every one of them waits for the next turn, which begins
 * after the loop has polled for I/O. So however many dumps run and however fast their readers
 * take them, a request that arrives meanwhile waits about one budget, not for the dumps to end.
 *
 * Waiting for the client is not enough: a reader that keeps up never lets a socket fill, so a
 * stream's writes and pulls follow one another as promise continuations, which never let the
 * loop poll. The event loop is one per process, and so is the budget ({@link eventLoopTurns}).
 */

/** Milliseconds of client work the shared budget allows per turn of the event loop. */
export const TURN_BUDGET_MS = 5;

/** A time budget per event loop turn, shared by whoever asks it. */
export class TurnBudget {
  /** When the current turn began, as far as this budget knows (its last wait ended). */
  #turnStarted = performance.now();
  #nextTurn: Promise<void> | undefined;

  constructor(readonly budgetMs: number) {}

  /** True while the current turn has budget left. */
  get left(): boolean {
    return performance.now() - this.#turnStarted < this.budgetMs;
  }

  /**
   * Undefined while the turn has budget left (go on); otherwise a promise that resolves at the
   * start of the next turn, shared by everyone who waits, in the order they asked.
   */
  next(): Promise<void> | undefined {
    if (this.left) return undefined;
    this.#nextTurn ??= new Promise((resolve) =>
      setImmediate(() => {
        this.#nextTurn = undefined;
        this.#turnStarted = performance.now();
        resolve();
      }),
    );
    return this.#nextTurn;
  }
}

/** The process's budget: every dump and monitor push takes its slices from it. */
export const eventLoopTurns = new TurnBudget(TURN_BUDGET_MS);
