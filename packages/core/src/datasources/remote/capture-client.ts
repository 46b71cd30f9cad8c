/**
 * A capture tool: runs one local datasource (any type the loaded plugins provide) and feeds a
 * remote svc server over the remote capture protocol, so one server collects from many sensors.
 * It resolves the source's type and UUID the way the server would, connects, and when the
 * connection fails or ends it reconnects with a back-off (1 s doubling to 30 s, back to 1 s
 * after a connection that opened), unless retrying is off. A rejected login, and a source the
 * server refuses for good (a type it does not know, a UUID of one of its local sources), are not
 * retried.
 */
import { describeError, SvcError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Registry } from '../../registry.js';
import type { DatasourceTypeDefinition } from '../datasource-type.js';
import { parseDefinition } from '../definition.js';
import { resolveSourceType, sourceUuid } from '../type-resolution.js';
import { CaptureClientSession, type LocalCaptureSource, type SessionOutcome } from './capture-client-session.js';
import { clientTargetUrl, connectClientTransport, type ClientTarget } from './client-transport.js';

/** What a capture tool runs. */
export interface CaptureClientOptions {
  readonly target: ClientTarget;
  /** The local source's definition line. */
  readonly source: string;
  /** Datasource types of the loaded plugins. */
  readonly types: Registry<DatasourceTypeDefinition>;
  readonly log: Logger;
  /** Reconnect after a failure (default true). */
  readonly retry?: boolean;
  /** Stops the tool: the connection is ended with SHUTDOWN and the capture closed. */
  readonly signal?: AbortSignal;
  /** First and longest reconnect delay in ms (default 1 s and 30 s). */
  readonly backoff?: { readonly firstMs: number; readonly maxMs: number };
  /** Server silence after which the connection is dropped (default 15 s). */
  readonly silenceLimitMs?: number;
  /** Called with each connection's session (status displays, tests). */
  onSession?(session: CaptureClientSession): void;
}

/**
 * Resolves the local source, then connects and reconnects until stopped. Resolves when the
 * signal aborts; rejects for a source that cannot be resolved, a rejected login, a refusal from
 * the server (`SVC_ERR_REMOTE_REFUSED`), or (with retry off) the first connection that fails or ends.
 */
export async function runCaptureClient(options: CaptureClientOptions): Promise<void> {
  const { log, signal } = options;
  const source = await resolveLocalSource(options.types, options.source);
  const url = clientTargetUrl(options.target);
  log.info(`feeding ${source.definition.line} (type ${source.type.name}, uuid ${source.uuid}) to ${url}`);
  const backoff = options.backoff ?? { firstMs: 1000, maxMs: 30_000 };
  let delay = backoff.firstMs;
  while (!signal?.aborted) {
    let outcome: SessionOutcome;
    try {
      outcome = await runSession(options, source);
    } catch (error) {
      if (error instanceof SvcError && error.code === 'SVC_ERR_UNAUTHORIZED') throw error;
      outcome = { reason: describeError(error), opened: false };
    }
    if (signal?.aborted) return;
    if (outcome.refused) throw new SvcError('SVC_ERR_REMOTE_REFUSED', outcome.reason);
    if (options.retry === false) throw new Error(`${outcome.reason} (not reconnecting: retry is disabled)`);
    if (outcome.opened) delay = backoff.firstMs;
    log.warn(`${outcome.reason}; reconnecting in ${formatSeconds(delay)}`);
    await sleep(delay, signal);
    delay = Math.min(backoff.maxMs, delay * 2);
  }
}

/** The local source a definition names: its type (named or probed) and the UUID the server would give it. */
export async function resolveLocalSource(types: Registry<DatasourceTypeDefinition>, line: string): Promise<LocalCaptureSource> {
  const definition = parseDefinition(line);
  const type = await resolveSourceType(types, definition);
  if (!type.open) throw new SvcError('SVC_ERR_DATASOURCE_UNSUPPORTED', `datasource type '${type.name}' cannot capture on this host`);
  return { type, definition, uuid: sourceUuid(type, definition) };
}

async function runSession(options: CaptureClientOptions, source: LocalCaptureSource): Promise<SessionOutcome> {
  let session: CaptureClientSession | undefined;
  const early: string[] = [];
  const transport = await connectClientTransport(options.target, {
    frame: (frame) => session?.receive(frame),
    closed: (reason) => (session ? session.transportClosed(reason) : early.push(reason)),
  });
  // Over TCP the API key is the listener's shared key (remote_capture_key); a websocket sends it in its headers.
  const sharedKey = options.target.transport === 'tcp' ? options.target.apiKey : undefined;
  session = new CaptureClientSession(transport, source, options.log, options.silenceLimitMs, sharedKey);
  if (early.length) session.transportClosed(early[0]!);
  options.log.info(`connected to ${clientTargetUrl(options.target)}`);
  options.onSession?.(session);
  const stop = () => session!.end('the capture tool is stopping');
  options.signal?.addEventListener('abort', stop, { once: true });
  session.start();
  try {
    return await session.outcome;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}
