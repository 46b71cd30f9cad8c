/**
 * A document written a piece at a time (a generator of text, such as a KML of every located
 * device) as a response body: pieces are joined into chunks of about 64 KB, made only when the
 * reader asks for the next (backpressure) and within the event loop's shared budget
 * (turn-budget.ts), so a large export holds one chunk in memory and keeps no other client
 * waiting. A reader that goes away stops the generator.
 */
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';

/** Bytes of text gathered into one chunk. */
const CHUNK_CHARACTERS = 64 * 1024;

/** The pieces as a UTF-8 byte stream. */
export function textStream(pieces: Iterator<string>, budget: TurnBudget = eventLoopTurns): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await budget.next();
        let chunk = '';
        let first = true;
        while (chunk.length < CHUNK_CHARACTERS && (first || budget.left)) {
          first = false;
          const piece = pieces.next();
          if (piece.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += piece.value;
        }
        controller.enqueue(encoder.encode(chunk));
      },
      cancel: () => void pieces.return?.(),
    },
    { highWaterMark: 0 },
  );
}
