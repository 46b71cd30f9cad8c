/**
 * Client messages on svc's JSON websockets (event bus, device monitor): a text frame holding a
 * JSON object. Anything else (binary, not JSON, not an object) is reported as undefined so the
 * caller can ignore it without closing the connection.
 */

/** Parses a websocket message as a JSON object, or undefined when it is not one. */
export function parseJsonObjectMessage(data: string | Uint8Array, isBinary: boolean): Record<string, unknown> | undefined {
  if (isBinary || typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
