/**
 * Calls to svc's REST API: JSON dictionaries out (the `application/json` body the API takes),
 * JSON back, the session cookie sent along. A failed call throws an ApiError with the status and
 * the server's own sentence; a 401 also tells the session it has ended, so the login form shows.
 */
import { apiPath } from './server';

/** An error answer of the API: `{error, code}` and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let onUnauthorized: () => void = () => {};

/** Sets what happens when a call finds the login gone (the session module shows the login form). */
export function whenUnauthorized(handler: () => void): void {
  onUnauthorized = handler;
}

/** Sends a request with the session cookie; any answer resolves, a network failure throws. */
async function send(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    // X-Requested-With: a refusal then carries no basic-auth challenge, so the browser shows no
    // password dialog of its own and the app shows its login form.
    return await fetch(apiPath(path), { credentials: 'same-origin', ...init, headers: { 'x-requested-with': 'XMLHttpRequest', ...init.headers } });
  } catch {
    throw new ApiError(0, 'SVC_ERR_NETWORK', 'svc does not answer: is the server running?');
  }
}

async function call(path: string, init: RequestInit): Promise<Response> {
  const response = await send(path, init);
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  let body: { error?: string; code?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: Kismet's session routes answer a sentence as text
  }
  if (response.status === 401 && !path.startsWith('session/login')) onUnauthorized();
  throw new ApiError(response.status, body.code ?? 'SVC_ERR_HTTP', body.error ?? (text.trim() || `${response.status} ${response.statusText}`));
}

/** GETs a JSON path, or POSTs a dictionary to it when one is given. */
export async function get<T = any>(path: string, dictionary?: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  const init: RequestInit = dictionary === undefined ? { signal } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(dictionary), signal };
  return (await (await call(path, init)).json()) as T;
}

/** POSTs a command (`.cmd`) and returns its answer, parsed when it is JSON. */
export async function command<T = any>(path: string, dictionary: Record<string, unknown> = {}): Promise<T> {
  const response = await call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(dictionary) });
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** POSTs form variables, as Kismet's session routes take them, and returns the answer's text. */
export async function postForm(path: string, variables: Record<string, string>): Promise<string> {
  const response = await call(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(variables).toString() });
  return response.text();
}

/** The status a path answers with, for routes whose status is the answer (`session/check_setup_ok`). */
export async function answerStatus(path: string): Promise<number> {
  const response = await send(path);
  // Read to the end: a cancelled body is a request the browser logs as aborted.
  await response.text();
  return response.status;
}

/** A sentence for any error, for the places that show one. */
export function describe(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return `${error.message.replace(/\.$/, '')}. Your login cannot do this; log in as an admin.`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
