/**
 * Capture files served over HTTP (pcap and pcapng downloads and live streams): the content type
 * capture tools expect, a file name for browsers, and no caching, since every answer is new.
 * A streamed body is handed to the socket in slices of the event loop's budget (paced-body.ts).
 */
import { pacedBody } from './paced-body.js';

/** A response carrying capture bytes, offered as `fileName`. */
export function captureResponse(body: ReadableStream<Uint8Array> | Uint8Array, fileName: string): Response {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return new Response(body instanceof ReadableStream ? pacedBody(body) : body, {
    status: 200,
    headers: {
      'content-type': 'application/vnd.tcpdump.pcap',
      'content-disposition': `attachment; filename="${safeName}"`,
      'cache-control': 'no-store',
    },
  });
}
