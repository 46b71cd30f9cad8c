/**
 * Outbound HTTP that a far end cannot use to swell or hold the server: for webhooks and any
 * other sink that calls out. The connection must be up within a connect timeout (DNS
 * included), the whole exchange ends with the caller's signal or its own total timeout, the
 * response headers are capped by node's parser, and of the body at most a few kilobytes are
 * read: past that the connection is cut, since svc only needs the status. Redirects are not
 * followed; a 3xx is answered like any status, its body bounded the same way.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** Bytes of a response body read at most, unless the caller asks for fewer. */
export const MAX_RESPONSE_BYTES = 4096;

/** Bytes of response headers accepted (node's own default, written down). */
const MAX_HEADER_BYTES = 16 * 1024;

/** What to send and how long to wait. */
export interface BoundedRequestOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  /** Milliseconds until the connection is up, name lookup included. */
  readonly connectTimeoutMs: number;
  /** Milliseconds for the whole exchange. */
  readonly timeoutMs: number;
  /** Body bytes kept at most (default and ceiling {@link MAX_RESPONSE_BYTES}). */
  readonly maxResponseBytes?: number;
  /** Ends the exchange early (svc stopping, the caller's own deadline). */
  readonly signal?: AbortSignal;
  /** Resolves the host name (the system resolver by default). */
  readonly lookup?: LookupFunction;
}

/** The answer: the status, the headers and the start of the body. */
export interface BoundedResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: IncomingHttpHeaders;
  /** At most `maxResponseBytes` of the body. */
  readonly body: Buffer;
  /** True when the body was longer and the rest was not read. */
  readonly truncated: boolean;
}

/** Sends one request and reads a bounded answer; rejects with an Error saying what went wrong. */
export function boundedRequest(url: URL, options: BoundedRequestOptions): Promise<BoundedResponse> {
  const limit = Math.min(options.maxResponseBytes ?? MAX_RESPONSE_BYTES, MAX_RESPONSE_BYTES);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const aborted = () => (options.signal?.reason instanceof Error ? options.signal.reason : new Error('the request was aborted'));
    if (options.signal?.aborted) return reject(aborted());
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (error: Error | undefined, response?: BoundedResponse) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(response!);
    };
    const onAbort = () => finish(aborted());
    const request = send(url, { method: options.method ?? 'GET', headers: options.headers, agent: false, maxHeaderSize: MAX_HEADER_BYTES, lookup: options.lookup });
    timers.push(setTimeout(() => finish(new Error(`no answer within ${options.timeoutMs / 1000} s`)), options.timeoutMs));
    const connectTimer = setTimeout(() => finish(new Error(`could not connect within ${options.connectTimeoutMs / 1000} s`)), options.connectTimeoutMs);
    timers.push(connectTimer);
    request.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer);
      else socket.once('connect', () => clearTimeout(connectTimer));
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(new Error(error.code ?? error.message)));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const answer = (truncated: boolean) => ({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: response.headers, body: Buffer.concat(chunks), truncated });
      response.on('data', (chunk: Buffer) => {
        const room = limit - kept;
        if (chunk.length <= room) {
          chunks.push(chunk);
          kept += chunk.length;
          return;
        }
        chunks.push(chunk.subarray(0, room));
        kept = limit;
        // The rest is not read: the connection goes, and the far end's writes with it.
        finish(undefined, answer(true));
        response.destroy();
        request.destroy();
      });
      response.on('end', () => finish(undefined, answer(false)));
      response.on('error', (error) => finish(error));
    });
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.end(options.body);
  });
}
