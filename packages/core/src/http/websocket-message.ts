/**
 * Client messages on svc's JSON websockets (event bus, device monitor): a text frame holding a
 * JSON object. A message that is not one, or that asks for something the server refuses, is
 * answered on the socket with one JSON error `{"error", "code"}` (the body HTTP errors have),
 * plus the client's request id where it gave one; the connection and its other subscriptions
 * stay as they were.
 */
import { describeError, SvcError } from '../errors.js';
import type { WebSocketSession } from './route-registry.js';

/** Parses a websocket message as a JSON object; anything else is an SvcError saying why. */
export function parseJsonObjectMessage(data: string | Uint8Array, isBinary: boolean): Record<string, unknown> {
  if (isBinary || typeof data !== 'string') throw new SvcError('SVC_ERR_BAD_JSON', 'send text messages holding a JSON object; binary messages are not read here');
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    throw new SvcError('SVC_ERR_BAD_JSON', `the message is not valid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SvcError('SVC_ERR_BAD_JSON', 'the message must be a JSON object');
  return parsed as Record<string, unknown>;
}

/**
 * Runs the handling of one client message; an error it throws is sent back as one JSON error
 * message (`context` adds keys such as the request id). Errors that are not SvcErrors are
 * logged by the caller's logger and reported to the client without their details.
 */
export function answerErrors(session: WebSocketSession, log: { error(message: string, error?: unknown): void }, handle: (context: Record<string, unknown>) => void): void {
  const context: Record<string, unknown> = {};
  try {
    handle(context);
  } catch (error) {
    if (error instanceof SvcError) {
      session.send(JSON.stringify({ error: error.message, code: error.code, ...context }));
      return;
    }
    log.error(`websocket message failed: ${describeError(error)}`, error);
    session.send(JSON.stringify({ error: 'internal error; the server log has the details', code: 'SVC_ERR_INTERNAL', ...context }));
  }
}
