/**
 * Attach mode: reads the event stream of an `rtl_433` that is already running with its HTTP
 * output (`rtl_433 -F http`, streaming one JSON object per line at `/events`), for a receiver
 * svc does not start itself (another user's, another host's). The stream is read only as fast
 * as the server takes the packets. A stream that ends or breaks fails the capture, so the
 * datasource tracker reconnects under the source's retry policy.
 */
import { createPacketQueue, SvcError, type Capture, type OpenContext, type Packet } from '@svc/core';

/** Longest line accepted from the stream. */
const MAX_LINE_CHARS = 1 << 20;
/** How long to wait for rtl_433 to answer before giving up the open. */
const CONNECT_TIMEOUT_MS = 5000;

/** Connects to rtl_433's HTTP event stream; rejects with the reason when it cannot. */
export async function openAttachCapture(url: URL, toPacket: (line: string) => Packet, context: OpenContext): Promise<Capture> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal: abort.signal, headers: { accept: 'application/json' } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (abort.signal.reason as Error | undefined)?.message ?? (error as Error).message;
    throw new SvcError('SVC_ERR_DATASOURCE_OPEN', `cannot reach rtl_433 at ${url.href}: ${reason} (is it running with -F http?)`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || !response.body) {
    abort.abort();
    throw new SvcError('SVC_ERR_DATASOURCE_OPEN', `rtl_433 at ${url.href} answered ${response.status} ${response.statusText}: not an rtl_433 event stream`);
  }

  const queue = createPacketQueue();
  let closing = false;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const pump = async () => {
    let pending = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const lines = (pending + value).split('\n');
      pending = lines.pop()!;
      if (pending.length > MAX_LINE_CHARS) throw new Error(`a line longer than ${MAX_LINE_CHARS} characters: not an rtl_433 event stream`);
      let full = false;
      for (const line of lines) {
        const text = line.trim();
        if (text !== '' && !queue.push(toPacket(text))) full = true;
      }
      if (full) await queue.drained();
    }
    throw new Error('the stream ended (rtl_433 stopped?)');
  };
  void pump().catch((error: Error) => {
    if (closing) queue.end();
    else queue.fail(new Error(`rtl_433 at ${url.href}: ${error.message}`));
  });
  context.message(`attached to rtl_433 at ${url.href}`);

  return {
    info: { captureInterface: url.href, hardware: 'rtl_433 HTTP stream' },
    packets: queue.batches,
    backlog: () => queue.queued,
    async close() {
      closing = true;
      abort.abort();
      await reader.cancel().catch(() => {});
      queue.end();
    },
  };
}
