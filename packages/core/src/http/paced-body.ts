/**
 * A response body handed to its reader in slices of the event loop's shared budget
 * (turn-budget.ts), for bodies the server pushes chunks into (live packet streams). A reader
 * that keeps up, or a kernel that keeps taking bytes for a client that does not read, would
 * otherwise drain every queued chunk in one run of promise continuations, and no other client
 * would be answered until the queue was empty. It holds no chunk of its own.
 */
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';

/** Wraps a body so that each chunk is read only when the turn's budget allows. */
export function pacedBody(body: ReadableStream<Uint8Array>, budget: TurnBudget = eventLoopTurns): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await budget.next();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
